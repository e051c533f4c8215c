import { NavLink, Stack, Tooltip } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { AdminOnly } from '../AdminOnly';
import { NavIcon } from './nav-icons';
import { NAV_ITEMS, isNavItemActive, type NavItem } from './nav-items';

/** Width of the sidebar as an icon rail, in px. */
export const RAIL_WIDTH = 64;

function NavEntry({
  item,
  pathname,
  onNavigate,
  rail,
}: {
  item: NavItem;
  pathname: string;
  onNavigate: () => void;
  rail: boolean;
}) {
  const active = isNavItemActive(item, pathname);
  const link = (
    <NavLink
      component={Link}
      to={item.to}
      label={rail ? undefined : item.label}
      aria-label={rail ? item.label : undefined}
      leftSection={<NavIcon to={item.to} />}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      variant="filled"
      data-tour={`nav-${item.to.split('/').pop()}`}
    />
  );
  // On the rail the name shows on hover and focus.
  return rail ? (
    <Tooltip label={item.label} position="right" withinPortal>
      {link}
    </Tooltip>
  ) : (
    link
  );
}

/** The sidebar's entries: icon and name, or the icon alone when the sidebar is collapsed to a rail. */
export function ShellNavigation({ onNavigate, rail = false }: { onNavigate: () => void; rail?: boolean }) {
  const { pathname } = useLocation();
  return (
    <Stack component="nav" aria-label="Main" gap={2} data-tour="menu">
      {NAV_ITEMS.map((item) =>
        item.adminOnly ? (
          <AdminOnly key={item.to}>
            <NavEntry item={item} pathname={pathname} onNavigate={onNavigate} rail={rail} />
          </AdminOnly>
        ) : (
          <NavEntry key={item.to} item={item} pathname={pathname} onNavigate={onNavigate} rail={rail} />
        ),
      )}
    </Stack>
  );
}
