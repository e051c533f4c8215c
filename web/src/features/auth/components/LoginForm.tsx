import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { Credentials } from '../api/login';

export interface LoginFormProps {
  loading: boolean;
  failed: boolean;
  onSubmit: (credentials: Credentials) => void;
}

export function LoginForm({ loading, failed, onSubmit }: LoginFormProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const canSubmit = !loading && username.trim() !== '' && password !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit) onSubmit({ username: username.trim(), password });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in">
      <Stack gap="md">
        {failed && (
          <Alert color="red" variant="light" title="Login Error" role="alert" data-testid="login-error">
            Username or password is incorrect
          </Alert>
        )}
        <TextInput
          label="Username or email"
          name="username"
          autoComplete="username"
          autoFocus
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to="/recovery" size="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth disabled={!canSubmit} loading={loading}>
          Login
        </Button>
        <Text size="sm" ta="center">
          Don&apos;t have an account?{' '}
          <Anchor component={Link} to="/register">
            Sign Up
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
