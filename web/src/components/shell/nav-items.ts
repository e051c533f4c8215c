export interface NavItem {
  label: string;
  to: string;
  /** Matches only the exact path (Dashboard would otherwise be active everywhere). */
  exact?: boolean;
  adminOnly?: boolean;
}

/** Sidebar entries in the spec's order (docs/console.md §2 Shell). */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', to: '/dashboard', exact: true },
  { label: 'Current Issues', to: '/dashboard/current_issues' },
  { label: 'Alerts', to: '/dashboard/alerts_review' },
  { label: 'Inventory', to: '/dashboard/inventory' },
  { label: 'Network Overview', to: '/dashboard/resources_usage' },
  { label: 'Events Manager', to: '/dashboard/events_manager' },
  // Not in the spec's list: the events log, otherwise only reached from Events Manager's 'See notifications'.
  { label: 'Events Log', to: '/dashboard/events_log' },
  { label: 'Policies', to: '/dashboard/policies' },
  { label: 'Data Sources', to: '/dashboard/data_collectors' },
  { label: 'Users', to: '/dashboard/users', adminOnly: true },
];

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  if (item.exact) return pathname === item.to || pathname === `${item.to}/`;
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}
