import { NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { AdminOnly } from '../AdminOnly';
import { NAV_ITEMS, isNavItemActive, type NavItem } from './nav-items';

function NavEntry({
  item,
  pathname,
  onNavigate,
}: {
  item: NavItem;
  pathname: string;
  onNavigate: () => void;
}) {
  const active = isNavItemActive(item, pathname);
  return (
    <NavLink
      component={Link}
      to={item.to}
      label={item.label}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      variant="filled"
      data-tour={`nav-${item.to.split('/').pop()}`}
    />
  );
}

export function ShellNavigation({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  return (
    <Stack component="nav" aria-label="Main" gap={2} data-tour="menu">
      {NAV_ITEMS.map((item) =>
        item.adminOnly ? (
          <AdminOnly key={item.to}>
            <NavEntry item={item} pathname={pathname} onNavigate={onNavigate} />
          </AdminOnly>
        ) : (
          <NavEntry key={item.to} item={item} pathname={pathname} onNavigate={onNavigate} />
        ),
      )}
    </Stack>
  );
}
