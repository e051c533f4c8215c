import { Badge, Button, Card, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBox } from '../../../components/ErrorBox';
import { PageHeader } from '../../../components/PageHeader';
import { Pager } from '../../../components/Pager';
import { useRoles, useUserList, useViewer } from '../hooks/useUsers';
import type { Role, User } from '../types/user';
import { roleLabelOf } from '../utils/user-messages';
import { EventRecordPanel } from './EventRecordPanel';
import { RemoveUserDialog, ResendActivationDialog } from './UserDialogs';

const userPath = (kind: 'users' | 'profile', username: string) =>
  `/dashboard/${kind}/${encodeURIComponent(username)}`;

function roleNames(user: User, roles: Role[]): string {
  return user.user_roles.map((id) => roleLabelOf(id, roles)).join(', ');
}

/** /dashboard/users (USER LIST): users of the organization with their actions (docs/console.md §2 "Users"). */
export function UserListPage() {
  const list = useUserList();
  const roles = useRoles();
  const viewer = useViewer();
  const [removing, setRemoving] = useState<User | null>(null);
  const [resending, setResending] = useState<User | null>(null);

  return (
    <Stack gap="md">
      <PageHeader title="USER LIST">
        {viewer.admin && (
          <Button component={Link} to="/dashboard/users/new">
            NEW USER
          </Button>
        )}
      </PageHeader>
      <Card withBorder padding="md">
        {list.status === 'error' ? (
          <ErrorBox />
        ) : list.status === 'loading' ? (
          <Group justify="center" py="xl">
            <Loader aria-label="Loading users" />
          </Group>
        ) : list.users.length === 0 ? (
          <EmptyState>No items found</EmptyState>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover verticalSpacing="sm" data-testid="users-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>USER NAME</Table.Th>
                  <Table.Th>FULL NAME</Table.Th>
                  <Table.Th>ROLES</Table.Th>
                  <Table.Th>ACTIONS</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.users.map((user) => {
                  const self = user.username === viewer.username;
                  return (
                    <Table.Tr key={user.id} data-testid="user-row" data-username={user.username}>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Text size="sm">{user.username}</Text>
                          {!user.active && (
                            <Badge size="xs" color="gray" variant="light">
                              inactive
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>{user.full_name}</Table.Td>
                      <Table.Td>{roleNames(user, roles)}</Table.Td>
                      <Table.Td>
                        <Group gap={6} wrap="wrap">
                          <Button
                            component={Link}
                            to={userPath('profile', user.username)}
                            size="compact-xs"
                            variant="light"
                            aria-label={`View ${user.username}`}
                          >
                            View
                          </Button>
                          {viewer.admin && (
                            <Button
                              component={Link}
                              to={userPath('users', user.username)}
                              size="compact-xs"
                              variant="light"
                              aria-label={`Edit ${user.username}`}
                            >
                              Edit
                            </Button>
                          )}
                          {viewer.admin && !self && (
                            <Button
                              size="compact-xs"
                              variant="light"
                              color="red"
                              aria-label={`Remove ${user.username}`}
                              onClick={() => setRemoving(user)}
                            >
                              Remove
                            </Button>
                          )}
                          {viewer.admin && !user.active && (
                            <Button
                              size="compact-xs"
                              variant="light"
                              color="teal"
                              aria-label={`Resend activation to ${user.username}`}
                              onClick={() => setResending(user)}
                            >
                              Resend activation
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {list.status === 'ready' && list.totalItems > 0 && (
          <Stack mt="md">
            <Pager
              page={list.page}
              pageCount={Math.max(1, list.totalPages)}
              pageSize={list.pageSize}
              total={list.totalItems}
              onPageChange={list.setPage}
              onPageSizeChange={list.setPageSize}
              label="User list pages"
            />
          </Stack>
        )}
      </Card>
      {viewer.admin && <EventRecordPanel />}
      <RemoveUserDialog
        user={removing}
        onClose={() => setRemoving(null)}
        onRemoved={(user) => {
          setRemoving(null);
          notifications.show({ color: 'green', message: `The user ${user.username} was removed.` });
          list.reload();
        }}
      />
      <ResendActivationDialog user={resending} onClose={() => setResending(null)} />
    </Stack>
  );
}
