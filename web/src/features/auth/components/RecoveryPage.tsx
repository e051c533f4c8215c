import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useServices } from '../../../lib/services-context';
import { putPasswordRecovery } from '../api/account';
import { useSubmission } from '../../../lib/use-submission';
import { ACCOUNT_TEXTS, recoveryFailure } from '../utils/account-messages';
import { CaptchaField, configuredSiteKey } from './CaptchaField';
import { PublicCard } from './PublicCard';

interface RecoveryRequest {
  login: string;
  captchaToken: string;
}

/** /recovery: asks for a password-recovery mail by username or e-mail (docs/console.md §2). */
export function RecoveryPage({ siteKey = configuredSiteKey() }: { siteKey?: string | null }) {
  const { api } = useServices();
  const [login, setLogin] = useState('');
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [state, submit] = useSubmission(({ login: value, captchaToken: token }: RecoveryRequest) =>
    putPasswordRecovery(api, value, token),
  );
  const loading = state.status === 'loading';
  const trimmed = login.trim();
  const canRecover = !loading && trimmed !== '' && captchaToken !== null;
  const failure = state.status === 'failed' ? recoveryFailure(state.error) : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (canRecover) submit({ login: trimmed, captchaToken });
  };

  return (
    <PublicCard title="Password Recovery" subtitle="We will mail you a link to choose a new password">
      {state.status === 'done' ? (
        <Alert color="green" variant="light" role="status">
          {ACCOUNT_TEXTS.recoverySent}
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Password recovery">
          <Stack gap="md">
            {failure && !failure.captcha && (
              <Alert color="red" variant="light" role="alert">
                {failure.text}
              </Alert>
            )}
            <TextInput
              label="Username or email"
              name="username"
              autoComplete="username"
              autoFocus
              value={login}
              onChange={(event) => setLogin(event.currentTarget.value)}
            />
            <CaptchaField siteKey={siteKey} onToken={setCaptchaToken} failed={failure?.captcha === true} />
            <Button type="submit" fullWidth disabled={!canRecover} loading={loading}>
              Recover Password
            </Button>
          </Stack>
        </form>
      )}
    </PublicCard>
  );
}
