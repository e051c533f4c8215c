import { Accordion, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { ErrorBox } from '../../../components/ErrorBox';
import { ForbiddenPage } from '../../../components/ForbiddenPage';
import { NotFoundPage } from '../../../components/NotFoundPage';
import { PageHeader } from '../../../components/PageHeader';
import { useUser, useViewer } from '../hooks/useUsers';
import type { User } from '../types/user';
import { ChangeEmailSection, ChangePasswordSection } from './CredentialSections';
import { UnblockSection } from './UnblockSection';
import { UserSection } from './UserSection';

/**
 * /dashboard/users/{username} (EDIT USER). Anyone edits their own account (name, phone, e-mail, password);
 * an admin editing someone else changes only the role. Non-admins may open only their own page.
 */
export function EditUserPage() {
  const { username = '' } = useParams();
  const viewer = useViewer();
  const own = viewer.username !== null && viewer.username === username.trim().toLowerCase();
  if (!own && !viewer.admin) return <ForbiddenPage />;
  return <EditUser username={username} own={own} admin={viewer.admin} />;
}

function EditUser({ username, own, admin }: { username: string; own: boolean; admin: boolean }) {
  const state = useUser(username);
  if (state.status === 'forbidden') return <ForbiddenPage />;
  if (state.status === 'not-found') return <NotFoundPage />;
  return (
    <Stack gap="md">
      <PageHeader title="EDIT USER" />
      {state.status === 'error' ? (
        <ErrorBox />
      ) : state.status === 'loading' ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading user" />
        </Group>
      ) : (
        <EditUserSections user={state.user} own={own} admin={admin} />
      )}
    </Stack>
  );
}

function EditUserSections({ user, own, admin }: { user: User; own: boolean; admin: boolean }) {
  return (
    <Stack gap="sm" maw={760}>
      <Group gap="xs">
        <Title order={2} size="h4" data-testid="edited-username">
          {user.username}
        </Title>
        {!own && (
          <Text size="sm" c="dimmed">
            {user.full_name}
          </Text>
        )}
      </Group>
      <Accordion variant="separated" defaultValue="user">
        <Accordion.Item value="user">
          <Accordion.Control>User</Accordion.Control>
          <Accordion.Panel>
            <UserSection user={user} own={own} admin={admin} />
          </Accordion.Panel>
        </Accordion.Item>
        {admin && !own && (
          <Accordion.Item value="sign-in">
            <Accordion.Control>Sign-in</Accordion.Control>
            <Accordion.Panel>
              <UnblockSection user={user} />
            </Accordion.Panel>
          </Accordion.Item>
        )}
        {own && (
          <Accordion.Item value="email">
            <Accordion.Control>Change email</Accordion.Control>
            <Accordion.Panel>
              <ChangeEmailSection currentEmail={user.email} />
            </Accordion.Panel>
          </Accordion.Item>
        )}
        {own && (
          <Accordion.Item value="password">
            <Accordion.Control>Change password</Accordion.Control>
            <Accordion.Panel>
              <ChangePasswordSection />
            </Accordion.Panel>
          </Accordion.Item>
        )}
      </Accordion>
    </Stack>
  );
}
