import { Alert, Button, Group, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useServices } from '../../../lib/services-context';
import {
  postEmailChangeRequest,
  putChangePassword,
  type EmailChange,
  type PasswordChange,
} from '../api/users-api';
import { useOnDone, useSubmission } from '../../../lib/use-submission';
import { RULE_TEXTS, fieldError, isValidEmailLength } from '../../../lib/account-rules';
import { PASSWORD_RULE_TEXT, isAcceptablePasswordLength } from '../../../lib/password-rule';
import { USER_TEXTS, emailChangeFailure, passwordChangeFailure } from '../utils/user-messages';

/** "Change email": the new address and the current password; the link goes to the new address. */
export function ChangeEmailSection({ currentEmail }: { currentEmail: string | null }) {
  const { api } = useServices();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [state, send] = useSubmission((change: EmailChange) => postEmailChangeRequest(api, change));
  useOnDone(state, () => setPassword(''));

  const trimmed = email.trim();
  const emailError =
    fieldError(email, isValidEmailLength, RULE_TEXTS.emailTooLong) ??
    (trimmed !== '' && trimmed.toLowerCase() === currentEmail?.toLowerCase() ? RULE_TEXTS.sameEmail : null);
  const loading = state.status === 'loading';
  const canSave = !loading && trimmed !== '' && password !== '' && emailError === null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (canSave) send({ email: trimmed, current_password: password });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change email">
      <Stack gap="md">
        {state.status === 'done' && (
          <Alert color="green" variant="light" role="status">
            {USER_TEXTS.emailRequestSent}
          </Alert>
        )}
        {state.status === 'failed' && (
          <Alert color="red" variant="light" role="alert" data-testid="change-email-error">
            {emailChangeFailure(state.error)}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="New email"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            error={emailError}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <PasswordInput
            label="Current password"
            name="current_password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" disabled={!canSave} loading={loading}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * "Change password": the current one, the new one and its repetition. A new password the server refuses shows its
 * reason; any other refusal means a wrong current one.
 */
export function ChangePasswordSection() {
  const { api } = useServices();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [state, change] = useSubmission((request: PasswordChange) => putChangePassword(api, request));
  useOnDone(state, () => {
    setCurrent('');
    setPassword('');
    setRepeated('');
  });

  const passwordError =
    fieldError(password, isAcceptablePasswordLength, PASSWORD_RULE_TEXT) ??
    (password !== '' && password === current ? RULE_TEXTS.samePassword : null);
  const repeatError = repeated !== '' && repeated !== password ? RULE_TEXTS.passwordsDoNotMatch : null;
  const loading = state.status === 'loading';
  const canSave =
    !loading &&
    current !== '' &&
    password !== '' &&
    repeated !== '' &&
    passwordError === null &&
    repeatError === null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (canSave) change({ current_password: current, password, password2: repeated });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change password">
      <Stack gap="md">
        {state.status === 'done' && (
          <Alert color="green" variant="light" role="status">
            {USER_TEXTS.passwordChanged}
          </Alert>
        )}
        {state.status === 'failed' && (
          <Alert color="red" variant="light" role="alert" data-testid="change-password-error">
            {passwordChangeFailure(state.error)}
          </Alert>
        )}
        <PasswordInput
          label="Current password"
          name="current_password"
          autoComplete="current-password"
          value={current}
          onChange={(event) => setCurrent(event.currentTarget.value)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <PasswordInput
            label="New password"
            name="password"
            autoComplete="new-password"
            value={password}
            error={passwordError}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <PasswordInput
            label="Repeat new password"
            name="password2"
            autoComplete="new-password"
            value={repeated}
            error={repeatError}
            onChange={(event) => setRepeated(event.currentTarget.value)}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" disabled={!canSave} loading={loading}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
