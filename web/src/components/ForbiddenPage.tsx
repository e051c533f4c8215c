import { StatusPage } from './StatusPage';

export function ForbiddenPage() {
  return <StatusPage code={403} title="Access Forbidden" backTo="/dashboard" />;
}
