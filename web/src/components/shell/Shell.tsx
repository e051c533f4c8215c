import { AppShell, Burger, Group, ScrollArea, Text } from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link, Outlet, useSearchParams } from 'react-router-dom';
import { AS_OF_PARAM, readAsOf, setCurrentAsOf } from './as-of';
import { AsOfBanner } from './AsOfBanner';
import { AsOfControl } from './AsOfControl';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import { HEADER_HEIGHT } from './layout';
import { RAIL_WIDTH, ShellNavigation } from './ShellNavigation';
import { UserMenu } from './UserMenu';

/** The signed-in layout: header, collapsible sidebar (drawer-like on small screens) and the page outlet. */
export function Shell({ headerActions }: { headerActions?: ReactNode }) {
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  // Collapsed on a wide screen, the sidebar stays as a rail of icons; the choice is remembered.
  const [desktopOpened, setDesktopOpened] = useLocalStorage({
    key: 'lorawatch-sidebar-expanded',
    defaultValue: true,
    getInitialValueInEffect: false,
  });
  const toggleDesktop = () => setDesktopOpened((opened) => !opened);
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const rail = wide === true && !desktopOpened;
  const [params, setParams] = useSearchParams();
  const asOf = readAsOf(params);
  // Before the page renders: the requests it makes carry the time shown.
  setCurrentAsOf(asOf);
  const showAsOf = (next: string | undefined) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === undefined) updated.delete(AS_OF_PARAM);
      else updated.set(AS_OF_PARAM, next);
      return updated;
    });

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{
        width: { base: 240, sm: desktopOpened ? 240 : RAIL_WIDTH },
        breakpoint: 'sm',
        collapsed: { mobile: !mobileOpened, desktop: false },
      }}
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
            {/* A phone's header has no room for the time picker: it moves into the navigation drawer. */}
            {wide !== false && <AsOfControl value={asOf} onChange={showAsOf} />}
            {headerActions}
            <ColorSchemeToggle />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="xs">
        {wide === false && (
          <AppShell.Section pb="xs">
            <AsOfControl value={asOf} onChange={showAsOf} fullWidth />
          </AppShell.Section>
        )}
        <AppShell.Section grow component={ScrollArea}>
          <ShellNavigation onNavigate={closeMobile} rail={rail} />
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        {asOf !== undefined && <AsOfBanner asOf={asOf} onBackToLive={() => showAsOf(undefined)} />}
        {/* A new time mounts the page again, so that everything on it is read as at that time. */}
        <Outlet key={asOf ?? 'live'} />
      </AppShell.Main>
    </AppShell>
  );
}
