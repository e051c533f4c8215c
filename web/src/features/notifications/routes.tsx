import type { RouteObject } from 'react-router-dom';
import { PublicPlaceholderPage } from '../../app/PublicPlaceholderPage';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Notification preferences under /dashboard (spec part 2 §2 "Events manager"). */
export const notificationsRoutes: RouteObject[] = [
  { path: 'events_manager', element: <PlaceholderPage title="EVENTS MANAGER" /> },
];

/** The destination activation links mailed to users (spec part 2 §2 "Public activation routes"). */
export const publicNotificationRoutes: RouteObject[] = [
  {
    path: '/notifications/email_activation/:token',
    element: <PublicPlaceholderPage title="Email activation" />,
  },
  {
    path: '/notifications/phone_activation/:token',
    element: <PublicPlaceholderPage title="Phone activation" />,
  },
];
