import type { RouteObject } from 'react-router-dom';
import { NotFoundPage } from '../components/NotFoundPage';
import { RouteErrorPage } from '../components/RouteErrorPage';
import { Shell } from '../components/shell/Shell';
import { alertsRoutes } from '../features/alerts/routes';
import { LoginPage } from '../features/auth/components/LoginPage';
import { publicAuthRoutes } from '../features/auth/routes';
import { assetsRoutes } from '../features/assets/routes';
import { dashboardHomeRoutes } from '../features/dashboard/routes';
import { dataSourcesRoutes } from '../features/data-sources/routes';
import { eventsLogRoutes } from '../features/events-log/routes';
import { inventoryRoutes } from '../features/inventory/routes';
import { issuesRoutes } from '../features/issues/routes';
import { networkRoutes } from '../features/network/routes';
import { NotificationsBell } from '../features/notifications/components/NotificationsBell';
import { notificationsRoutes, publicNotificationRoutes } from '../features/notifications/routes';
import { policiesRoutes } from '../features/policies/routes';
import { TourHost } from '../features/tour/components/TourHost';
import { usersRoutes } from '../features/users/routes';
import { RequireSession } from './RequireSession';

/** Where a successful sign-in lands. */
export const HOME_PATH = '/dashboard';

/** Every screen under /dashboard; each feature owns its routes file. */
const dashboardRoutes: RouteObject[] = [
  ...dashboardHomeRoutes,
  ...issuesRoutes,
  ...alertsRoutes,
  ...inventoryRoutes,
  ...networkRoutes,
  ...notificationsRoutes,
  ...eventsLogRoutes,
  ...policiesRoutes,
  ...dataSourcesRoutes,
  ...assetsRoutes,
  ...usersRoutes,
  { path: '*', element: <NotFoundPage /> },
];

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <LoginPage homePath={HOME_PATH} /> },
      { path: '/login', element: <LoginPage homePath={HOME_PATH} /> },
      ...publicAuthRoutes,
      ...publicNotificationRoutes,
      {
        path: '/dashboard',
        element: (
          <RequireSession>
            <TourHost>
              <Shell headerActions={<NotificationsBell />} />
            </TourHost>
          </RequireSession>
        ),
        children: dashboardRoutes,
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
