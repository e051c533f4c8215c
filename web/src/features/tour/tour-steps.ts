import type { TourStepDefinition, TourTarget } from './types/tour-step';

/** Every screen's PageHeader carries this attribute. */
export const PAGE_HEADER = '[data-tour="page-header"]';

const header: TourTarget = { selector: PAGE_HEADER, placement: 'bottom-start' };
/** The sidebar entry of a screen (ShellNavigation marks each with `nav-<last path segment>`). */
const navEntry = (route: string): TourTarget => ({
  selector: `[data-tour="nav-${route.split('/').pop() ?? ''}"]`,
  placement: 'right',
});
/** A screen's own steps point at its title first, then at its menu entry. */
const screen = (route: string): TourTarget[] => [header, navEntry(route)];
/** Parts of the Events Manager screen, marked by that screen with these attributes when present. */
const eventsPart = (part: string): TourTarget[] => [
  { selector: `[data-tour="events-${part}"]`, placement: 'bottom-start' },
];

/**
 * The guided tour (docs/console.md §2 "Tour"): Welcome, Menu, Policies, Data Sources, Events Manager (sources,
 * triggers, action, save), Network Overview, Inventory, Alerts, Current Issues, Dashboard and 'Tour finished'.
 */
export const TOUR_STEPS: readonly TourStepDefinition[] = [
  {
    id: 'welcome',
    route: '/dashboard',
    title: 'Welcome',
    content:
      'Welcome to LoRaWatch! This short tour shows where to find each part of the console. Use Next to go on, ' +
      'Back to return, or Skip tour to leave it at any time.',
    targets: [],
  },
  {
    id: 'menu',
    route: '/dashboard',
    title: 'Menu',
    content: 'The menu leads to every screen. On a narrow screen, open it with the button at the top left.',
    targets: [{ selector: '[data-tour="menu"]', placement: 'right-start' }],
  },
  {
    id: 'policies',
    route: '/dashboard/policies',
    title: 'Policies',
    content:
      'A policy decides which alerts are raised and with which thresholds. Each data source follows one ' +
      'policy: copy the default one to tune detection for a network.',
    targets: screen('/dashboard/policies'),
  },
  {
    id: 'data-sources',
    route: '/dashboard/data_collectors',
    title: 'Data Sources',
    content:
      'A data source connects LoRaWatch to a network server and feeds it the traffic to analyse. Add yours ' +
      'here and check that it shows as connected.',
    targets: screen('/dashboard/data_collectors'),
  },
  {
    id: 'events-manager',
    route: '/dashboard/events_manager',
    title: 'Events Manager',
    content: 'Decide here when and how LoRaWatch tells you about new alerts.',
    targets: screen('/dashboard/events_manager'),
  },
  {
    id: 'events-sources',
    route: '/dashboard/events_manager',
    title: 'Sources',
    content: 'First pick the data sources whose alerts you want to hear about.',
    targets: eventsPart('sources'),
  },
  {
    id: 'events-triggers',
    route: '/dashboard/events_manager',
    title: 'Triggers',
    content: 'Then choose the risk levels of the alerts that should trigger a notification.',
    targets: eventsPart('triggers'),
  },
  {
    id: 'events-action',
    route: '/dashboard/events_manager',
    title: 'Action',
    content: 'Choose where notifications go, such as e-mail, text message or a webhook.',
    targets: eventsPart('action'),
  },
  {
    id: 'events-save',
    route: '/dashboard/events_manager',
    title: 'Save',
    content: 'Save to apply your choices. Nothing changes until you do.',
    targets: eventsPart('save'),
  },
  {
    id: 'network-overview',
    route: '/dashboard/resources_usage',
    title: 'Network Overview',
    content:
      'How your gateways and devices behave: connection status, signal strength and lost packets, so you ' +
      'notice a struggling device early.',
    targets: screen('/dashboard/resources_usage'),
  },
  {
    id: 'inventory',
    route: '/dashboard/inventory',
    title: 'Inventory',
    content:
      'Every device and gateway seen on your networks. Set how important each one is, label them, and open ' +
      'any of them for its full story.',
    targets: screen('/dashboard/inventory'),
  },
  {
    id: 'alerts',
    route: '/dashboard/alerts_review',
    title: 'Alerts',
    content:
      'The history of all alerts. Filter by date, risk, type or data source, and open an alert to see what ' +
      'happened and what to do about it.',
    targets: screen('/dashboard/alerts_review'),
  },
  {
    id: 'current-issues',
    route: '/dashboard/current_issues',
    title: 'Current Issues',
    content:
      'Problems that last until they are fixed, such as a device with a weak key. Review them here and mark ' +
      'them as solved once handled.',
    targets: screen('/dashboard/current_issues'),
  },
  {
    id: 'dashboard',
    route: '/dashboard',
    title: 'Dashboard',
    content:
      'The dashboard sums it all up: issues, alerts, devices and messages over the last day, week or month, ' +
      'and the latest alerts below. Start Tour, at the top, brings this tour back.',
    targets: [header],
  },
  {
    id: 'finished',
    route: '/dashboard',
    title: 'Tour finished',
    content: 'That is all. You are ready to keep your networks safe.',
    targets: [],
  },
];
