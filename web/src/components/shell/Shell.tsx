import { AppShell, Burger, Group, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import { HEADER_HEIGHT } from './layout';
import { ShellNavigation } from './ShellNavigation';
import { UserMenu } from './UserMenu';

/** The signed-in layout: header, collapsible sidebar (drawer-like on small screens) and the page outlet. */
export function Shell({ headerActions }: { headerActions?: ReactNode }) {
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [desktopOpened, { toggle: toggleDesktop }] = useDisclosure(true);

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={mobileOpened}
              onClick={toggleMobile}
              hiddenFrom="sm"
              size="sm"
              aria-label={mobileOpened ? 'Close navigation' : 'Open navigation'}
              aria-expanded={mobileOpened}
            />
            <Burger
              opened={desktopOpened}
              onClick={toggleDesktop}
              visibleFrom="sm"
              size="sm"
              aria-label={desktopOpened ? 'Collapse navigation' : 'Expand navigation'}
              aria-expanded={desktopOpened}
            />
            <Text component={Link} to="/dashboard" fw={700} size="lg" td="none" c="inherit">
              LoRaWatch
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {headerActions}
            <ColorSchemeToggle />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="xs">
        <AppShell.Section grow component={ScrollArea}>
          <ShellNavigation onNavigate={closeMobile} />
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
