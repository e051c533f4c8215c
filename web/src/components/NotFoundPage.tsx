import { Button } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useSession } from '../lib/services-context';
import { StatusPage } from './StatusPage';

/** The 404 page: 'Not found', and a way home (the dashboard once signed in, the sign-in screen before). */
export function NotFoundPage() {
  const signedIn = useSession() !== null;
  return (
    <StatusPage code={404} title="Not found">
      <Button component={Link} to={signedIn ? '/dashboard' : '/login'} variant="light" mt="md">
        {signedIn ? 'GO TO DASHBOARD' : 'GO TO SIGN IN'}
      </Button>
    </StatusPage>
  );
}
