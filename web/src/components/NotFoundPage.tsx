import { StatusPage } from './StatusPage';

export function NotFoundPage() {
  return <StatusPage code={404} title="Not found" />;
}
