import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useServices } from '../../../lib/services-context';
import { postSignUp, type SignUpRequest } from '../api/account';
import { useSubmission } from '../../../lib/use-submission';
import { ACCOUNT_TEXTS, registerFailure } from '../utils/account-messages';
import {
  RULE_TEXTS,
  fieldError,
  isValidEmailLength,
  isValidFullName,
  isValidPhone,
  isValidUsername,
} from '../../../lib/account-rules';
import { CaptchaField, configuredSiteKey } from './CaptchaField';
import { PublicCard } from './PublicCard';

/** /register: self sign-up; the server mails an activation link (docs/console.md §2, §5, §8). */
export function RegisterPage({ siteKey = configuredSiteKey() }: { siteKey?: string | null }) {
  const { api } = useServices();
  const [username, setUsername] = useState('');
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [state, submit] = useSubmission((request: SignUpRequest) => postSignUp(api, request));

  const errors = {
    username: fieldError(username, isValidUsername, RULE_TEXTS.username),
    fullName: fieldError(fullName, isValidFullName, RULE_TEXTS.fullNameTooLong),
    email: fieldError(email, isValidEmailLength, RULE_TEXTS.emailTooLong),
    phone: fieldError(phone, isValidPhone, RULE_TEXTS.phone),
  };
  const loading = state.status === 'loading';
  const blank = [username, fullName, email].some((value) => value.trim() === '');
  const canRegister = !loading && !blank && captchaToken !== null;
  const failure = state.status === 'failed' ? registerFailure(state.error) : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canRegister || Object.values(errors).some((error) => error !== null)) return;
    submit({
      username: username.trim(),
      full_name: fullName.trim(),
      email: email.trim(),
      ...(phone.trim() ? { phone: phone.trim() } : {}),
      recaptcha_token: captchaToken,
    });
  };

  if (state.status === 'done')
    return (
      <PublicCard title="Sign Up" backToLogin={false}>
        <Alert color="green" variant="light" role="status">
          {ACCOUNT_TEXTS.registered}
        </Alert>
        <Anchor component={Link} to="/login" ta="center">
          Back to Login
        </Anchor>
      </PublicCard>
    );

  return (
    <PublicCard title="Sign Up" subtitle="Create your account" backToLogin={false}>
      <form onSubmit={onSubmit} noValidate aria-label="Sign up">
        <Stack gap="md">
          {failure && !failure.captcha && (
            <Alert color="red" variant="light" role="alert" data-testid="register-error">
              {failure.text}
            </Alert>
          )}
          <TextInput
            label="Username"
            name="username"
            autoComplete="username"
            required
            value={username}
            error={errors.username}
            onChange={(event) => setUsername(event.currentTarget.value)}
          />
          <TextInput
            label="Fullname"
            name="full_name"
            autoComplete="name"
            required
            value={fullName}
            error={errors.fullName}
            onChange={(event) => setFullName(event.currentTarget.value)}
          />
          <TextInput
            label="E-Mail"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            error={errors.email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <TextInput
            label="Phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            placeholder="+598-99123456"
            description="Optional: plus sign, country code, hyphen, number"
            value={phone}
            error={errors.phone}
            onChange={(event) => setPhone(event.currentTarget.value)}
          />
          <CaptchaField siteKey={siteKey} onToken={setCaptchaToken} failed={failure?.captcha === true} />
          <Text size="xs" c="dimmed">
            {ACCOUNT_TEXTS.noMailServerNote}
          </Text>
          <Button type="submit" fullWidth disabled={!canRegister} loading={loading}>
            Register
          </Button>
          <Button component={Link} to="/login" variant="default" fullWidth>
            Back to Login
          </Button>
        </Stack>
      </form>
    </PublicCard>
  );
}
