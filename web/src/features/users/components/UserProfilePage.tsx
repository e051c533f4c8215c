import { Button, Card, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { ErrorBox } from '../../../components/ErrorBox';
import { ForbiddenPage } from '../../../components/ForbiddenPage';
import { NotFoundPage } from '../../../components/NotFoundPage';
import { PageHeader } from '../../../components/PageHeader';
import { useRoles, useUser, useViewer } from '../hooks/useUsers';
import { ADMIN_ROLE, type Role, type User } from '../types/user';
import { roleLabelOf } from '../utils/user-messages';

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" data-testid={`profile-${label.toLowerCase().replace(/ /g, '-')}`}>
        {value || '—'}
      </Text>
    </Stack>
  );
}

function profileRows(user: User, roles: Role[]): Array<[string, string | null]> {
  return [
    ['Username', user.username],
    // The account's kind: administrators manage the organization, regular users mostly view.
    ['Type', user.user_roles.includes(ADMIN_ROLE) ? 'Administrator' : 'Regular user'],
    ['Email', user.email],
    ['Full name', user.full_name],
    ['Phone', user.phone],
    ['Organization', user.organization_name],
    ['Roles', user.user_roles.map((id) => roleLabelOf(id, roles)).join(', ')],
  ];
}

/** /dashboard/profile/{username} (USER PROFILE): read-only details, with EDIT USER where the viewer may edit. */
export function UserProfilePage() {
  const { username = '' } = useParams();
  const state = useUser(username);
  const roles = useRoles();
  const viewer = useViewer();
  if (state.status === 'forbidden') return <ForbiddenPage />;
  if (state.status === 'not-found') return <NotFoundPage />;
  const canEdit = state.status === 'ready' && (viewer.admin || state.user.username === viewer.username);

  return (
    <Stack gap="md">
      <PageHeader title="USER PROFILE">
        {canEdit && (
          <Button component={Link} to={`/dashboard/users/${encodeURIComponent(username)}`}>
            EDIT USER
          </Button>
        )}
        <Button component={Link} to="/dashboard/users" variant="default">
          Back
        </Button>
      </PageHeader>
      {state.status === 'error' ? (
        <ErrorBox />
      ) : state.status === 'loading' ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading user" />
        </Group>
      ) : (
        <Card withBorder padding="lg" maw={760}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {profileRows(state.user, roles).map(([label, value]) => (
              <Detail key={label} label={label} value={value} />
            ))}
          </SimpleGrid>
        </Card>
      )}
    </Stack>
  );
}
