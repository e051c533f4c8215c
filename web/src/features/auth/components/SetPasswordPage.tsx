import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { useServices } from '../../../lib/services-context';
import { putPasswordByLink, type PasswordLinkKind } from '../api/account';
import { useSubmission } from '../../../lib/use-submission';
import { setPasswordFailure } from '../utils/account-messages';
import { RULE_TEXTS, fieldError } from '../../../lib/account-rules';
import { PASSWORD_RULE_TEXT, isAcceptablePasswordLength } from '../../../lib/password-rule';
import { PublicCard } from './PublicCard';

/** Shown until the value breaks the length; the server judges the rest of the rule and its reason is shown as it is. */
const PASSWORD_HINT = '8 to 128 characters; a few unrelated words make a strong password';

interface NewPassword {
  password: string;
  password2: string;
}

const TITLES: Record<PasswordLinkKind, { title: string; subtitle: string }> = {
  activation: { title: 'Activate Account', subtitle: 'Choose the password of your new account' },
  recovery: { title: 'Change Password', subtitle: 'Choose a new password' },
};

/**
 * /activation/{token} and /change_password/{token}: the mailed link's password form. On success the login page
 * opens with its "password updated" message (`?password_updated`, which LoginPage reads).
 */
export function SetPasswordPage({ kind }: { kind: PasswordLinkKind }) {
  const { api } = useServices();
  const { token = '' } = useParams();
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [state, submit] = useSubmission((value: NewPassword) =>
    putPasswordByLink(api, kind, token, value.password, value.password2),
  );

  const passwordError = fieldError(password, isAcceptablePasswordLength, PASSWORD_RULE_TEXT);
  const repeatError = repeated !== '' && repeated !== password ? RULE_TEXTS.passwordsDoNotMatch : null;
  const loading = state.status === 'loading';
  const canSave =
    !loading && password !== '' && repeated !== '' && passwordError === null && repeatError === null;

  if (state.status === 'done') return <Navigate to="/login?password_updated=1" replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (canSave) submit({ password, password2: repeated });
  };

  return (
    <PublicCard {...TITLES[kind]}>
      <form onSubmit={onSubmit} noValidate aria-label={TITLES[kind].title}>
        <Stack gap="md">
          {state.status === 'failed' && (
            <Alert color="red" variant="light" role="alert" data-testid="set-password-error">
              {setPasswordFailure(state.error)}
            </Alert>
          )}
          <PasswordInput
            label="Password"
            name="password"
            autoComplete="new-password"
            autoFocus
            value={password}
            error={passwordError}
            description={passwordError ? undefined : PASSWORD_HINT}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <PasswordInput
            label="Repeat password"
            name="password2"
            autoComplete="new-password"
            value={repeated}
            error={repeatError}
            onChange={(event) => setRepeated(event.currentTarget.value)}
          />
          <Button type="submit" fullWidth disabled={!canSave} loading={loading}>
            Save
          </Button>
        </Stack>
      </form>
    </PublicCard>
  );
}
