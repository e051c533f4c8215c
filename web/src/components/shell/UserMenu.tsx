import { Avatar, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { useCurrentUser, useServices, useSession } from '../../lib/services-context';

export function UserMenu() {
  const session = useSession();
  const currentUser = useCurrentUser();
  const { signOut } = useServices();
  const navigate = useNavigate();
  if (!session) return null;

  const username = session.username;
  const organizationName = currentUser?.organization_name ?? '';

  return (
    <Menu position="bottom-end" width={200} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`User menu for ${username}`} data-testid="user-menu">
          <Group gap="xs" wrap="nowrap">
            <Avatar radius="xl" size="sm" color="blue">
              {username.slice(0, 2).toUpperCase()}
            </Avatar>
            <Stack gap={0} visibleFrom="xs">
              <Text size="xs" c="dimmed" lh={1.2} data-testid="organization-name">
                {organizationName}
              </Text>
              <Text size="sm" fw={500} lh={1.2} data-testid="username">
                {username}
              </Text>
            </Stack>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{organizationName || username}</Menu.Label>
        <Menu.Item component={Link} to={`/dashboard/users/${encodeURIComponent(username)}`}>
          Edit Profile
        </Menu.Item>
        <Menu.Item
          color="red"
          onClick={() => {
            signOut();
            navigate('/login', { replace: true });
          }}
        >
          Sign Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
