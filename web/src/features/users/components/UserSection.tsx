import { Alert, Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useServices } from '../../../lib/services-context';
import { putUser, type UserUpdate } from '../api/users-api';
import { useSubmission } from '../../../lib/use-submission';
import { useRoles } from '../hooks/useUsers';
import type { User } from '../types/user';
import { RULE_TEXTS, fieldError, isValidFullName, isValidPhone } from '../../../lib/account-rules';
import { USER_TEXTS, roleLabel, roleLabelOf } from '../utils/user-messages';

/**
 * The "User" section. On one's own page: full name and phone, with the role shown but fixed. An admin on someone
 * else's page: the role only. The role dropdown is disabled for oneself and for non-admins.
 */
export function UserSection({ user, own, admin }: { user: User; own: boolean; admin: boolean }) {
  const { api } = useServices();
  const roles = useRoles();
  const [fullName, setFullName] = useState(user.full_name);
  const [phone, setPhone] = useState(user.phone ?? '');
  const [role, setRole] = useState<string | null>(
    user.user_roles.length > 0 ? String(Math.max(...user.user_roles)) : null,
  );
  const [state, save] = useSubmission((update: UserUpdate) => putUser(api, user.username, update));

  const roleEditable = admin && !own;
  const errors = {
    fullName: fieldError(fullName, isValidFullName, RULE_TEXTS.fullNameTooLong),
    phone: fieldError(phone, isValidPhone, RULE_TEXTS.phone),
  };
  const valid = own
    ? fullName.trim() !== '' && errors.fullName === null && errors.phone === null
    : role !== null;
  const loading = state.status === 'loading';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (loading || !valid) return;
    if (own) save({ full_name: fullName.trim(), phone: phone.trim() === '' ? null : phone.trim() });
    else save({ user_roles: [Number(role)] });
  };

  const roleOptions = roles.map((item) => ({ value: String(item.id), label: roleLabel(item.role_name) }));
  // A role missing from the listed ones (a regular user's list holds only their own): named, not a bare id.
  if (role !== null && !roleOptions.some((option) => option.value === role))
    roleOptions.push({ value: role, label: roleLabelOf(Number(role), roles) });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="User">
      <Stack gap="md">
        {state.status === 'done' && (
          <Alert color="green" variant="light" role="status">
            {USER_TEXTS.updated}
          </Alert>
        )}
        {state.status === 'failed' && (
          <Alert color="red" variant="light" role="alert">
            {USER_TEXTS.updateFailed}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {own && (
            <>
              <TextInput
                label="Full name"
                name="full_name"
                required
                value={fullName}
                error={errors.fullName}
                onChange={(event) => setFullName(event.currentTarget.value)}
              />
              <TextInput
                label="Phone"
                name="phone"
                type="tel"
                placeholder="+598-99123456"
                value={phone}
                error={errors.phone}
                onChange={(event) => setPhone(event.currentTarget.value)}
              />
              <TextInput label="Email" value={user.email ?? ''} readOnly variant="filled" />
            </>
          )}
          <Select
            label="Role"
            data={roleOptions}
            value={role}
            onChange={setRole}
            disabled={!roleEditable}
            allowDeselect={false}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" disabled={!valid} loading={loading}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
