import { Alert, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { useSignIn } from '../hooks/useSignIn';
import { LoginForm } from './LoginForm';

/** Set by the password screens when they send the user here (location state or `?password_updated`). */
export interface LoginLocationState {
  passwordUpdated?: boolean;
  /** The dashboard page the route guard turned away (e.g. after the session expired). */
  from?: string;
}

function useLoginLocation(homePath: string) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const state = location.state as LoginLocationState | null;
  const from = state?.from;
  return {
    passwordUpdated: state?.passwordUpdated === true || searchParams.has('password_updated'),
    returnTo: from?.startsWith('/dashboard/') ? from : homePath,
  };
}

export function LoginPage({ homePath }: { homePath: string }) {
  const [signIn, submit] = useSignIn();
  const { passwordUpdated, returnTo } = useLoginLocation(homePath);

  if (signIn.status === 'signed-in') return <Navigate to={returnTo} replace />;

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
        <Stack gap="lg">
          <Stack gap={4} ta="center">
            <Title order={1} size="h2">
              LoRaWatch
            </Title>
            <Text c="dimmed" size="sm">
              Sign in to your account
            </Text>
          </Stack>
          {passwordUpdated && (
            <Alert color="green" variant="light" role="status">
              Your password has been updated. You can login with your account now.
            </Alert>
          )}
          <LoginForm
            loading={signIn.status === 'loading'}
            failed={signIn.status === 'failed'}
            onSubmit={submit}
          />
        </Stack>
      </Paper>
    </Center>
  );
}
