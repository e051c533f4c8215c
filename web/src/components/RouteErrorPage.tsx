import { Text } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { NotFoundPage } from './NotFoundPage';
import { StatusPage } from './StatusPage';

/** Router error element: the generic error page with status, status text and GO BACK (docs/console.md §2 Shell). */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFoundPage />;
    return <StatusPage code={error.status} title={error.statusText || 'Error'} backTo="/dashboard" />;
  }
  return (
    <StatusPage title="Oops!" backTo="/dashboard">
      <Text c="dimmed">Something went wrong. Try again later.</Text>
    </StatusPage>
  );
}
