import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/PageHeader';
import { useServices } from '../../../lib/services-context';
import { postNewUser, type NewUserRequest } from '../api/users-api';
import { useSubmission } from '../../../lib/use-submission';
import { useRoles } from '../hooks/useUsers';
import {
  RULE_TEXTS,
  fieldError,
  isValidEmailLength,
  isValidFullName,
  isValidPhone,
  isValidUsername,
} from '../../../lib/account-rules';
import { newUserFailure, newUserSuccess, roleLabel } from '../utils/user-messages';

/** /dashboard/users/new (NEW USER), admins only: the user gets an activation mail (docs/console.md §2, §8). */
export function NewUserPage() {
  // A new key empties the form for "Create another".
  const [round, setRound] = useState(0);
  return <NewUserForm key={round} onAnother={() => setRound((value) => value + 1)} />;
}

function NewUserForm({ onAnother }: { onAnother: () => void }) {
  const { api } = useServices();
  const roles = useRoles();
  const [fullName, setFullName] = useState('');
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [role, setRole] = useState<string | null>(null);
  const [state, submit] = useSubmission((request: NewUserRequest) => postNewUser(api, request));

  const errors = {
    fullName: fieldError(fullName, isValidFullName, RULE_TEXTS.fullNameTooLong),
    username: fieldError(username, isValidUsername, RULE_TEXTS.newUserName),
    email: fieldError(email, isValidEmailLength, RULE_TEXTS.emailTooLong),
    phone: fieldError(phone, isValidPhone, RULE_TEXTS.phone),
  };
  const loading = state.status === 'loading';
  const complete = [fullName, username, email].every((value) => value.trim() !== '') && role !== null;
  const canSave = !loading && complete;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSave || role === null || Object.values(errors).some((error) => error !== null)) return;
    submit({
      full_name: fullName.trim(),
      username: username.trim(),
      email: email.trim(),
      ...(phone.trim() ? { phone: phone.trim() } : {}),
      user_roles: role,
    });
  };

  return (
    <Stack gap="md">
      <PageHeader title="NEW USER">
        <Button component={Link} to="/dashboard/users" variant="default">
          Back
        </Button>
      </PageHeader>
      <Card withBorder padding="lg" maw={760}>
        {state.status === 'done' ? (
          <Stack gap="md">
            <Alert color="green" variant="light" role="status" data-testid="new-user-success">
              {newUserSuccess(state.value?.message)}
            </Alert>
            <Group>
              <Button component={Link} to="/dashboard/users">
                Go to the user list
              </Button>
              <Button variant="default" onClick={onAnother}>
                Create another user
              </Button>
            </Group>
          </Stack>
        ) : (
          <form onSubmit={onSubmit} noValidate aria-label="New user">
            <Stack gap="md">
              {state.status === 'failed' && (
                <Alert color="red" variant="light" role="alert" data-testid="new-user-error">
                  {newUserFailure(state.error)}
                </Alert>
              )}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label="Full name"
                  name="full_name"
                  required
                  value={fullName}
                  error={errors.fullName}
                  onChange={(event) => setFullName(event.currentTarget.value)}
                />
                <TextInput
                  label="Username"
                  name="username"
                  required
                  value={username}
                  error={errors.username}
                  onChange={(event) => setUsername(event.currentTarget.value)}
                />
                <TextInput
                  label="Email"
                  name="email"
                  type="email"
                  required
                  value={email}
                  error={errors.email}
                  onChange={(event) => setEmail(event.currentTarget.value)}
                />
                <TextInput
                  label="Phone"
                  name="phone"
                  type="tel"
                  placeholder="+598-99123456"
                  description="Optional"
                  value={phone}
                  error={errors.phone}
                  onChange={(event) => setPhone(event.currentTarget.value)}
                />
                <Select
                  label="Role"
                  required
                  placeholder="Choose a role"
                  data={roles.map((item) => ({ value: String(item.id), label: roleLabel(item.role_name) }))}
                  value={role}
                  onChange={setRole}
                  allowDeselect={false}
                />
              </SimpleGrid>
              <Group justify="flex-end">
                <Button type="submit" disabled={!canSave} loading={loading}>
                  Save
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Card>
    </Stack>
  );
}
