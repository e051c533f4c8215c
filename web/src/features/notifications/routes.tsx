import type { RouteObject } from 'react-router-dom';
import { ActivationPage } from './components/ActivationPage';
import { EventsManagerPage } from './components/EventsManagerPage';

/** Notification preferences under /dashboard (docs/console.md §2 "Events manager"). */
export const notificationsRoutes: RouteObject[] = [
  { path: 'events_manager', element: <EventsManagerPage /> },
];

/** The destination activation links mailed to users (docs/console.md §2 "Public activation routes"). */
export const publicNotificationRoutes: RouteObject[] = [
  { path: '/notifications/email_activation/:token', element: <ActivationPage kind="email" /> },
  { path: '/notifications/phone_activation/:token', element: <ActivationPage kind="phone" /> },
];
