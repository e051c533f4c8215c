import { Navigate, type RouteObject } from 'react-router-dom';
import { AdminOnly } from '../components/AdminOnly';
import { ForbiddenPage } from '../components/ForbiddenPage';
import { NotFoundPage } from '../components/NotFoundPage';
import { PlaceholderPage } from '../components/PlaceholderPage';
import { RouteErrorPage } from '../components/RouteErrorPage';
import { Shell } from '../components/shell/Shell';
import { AlertsReviewPage } from '../features/alerts/components/AlertsReviewPage';
import { LoginPage } from '../features/auth/components/LoginPage';
import { PublicPlaceholderPage } from './PublicPlaceholderPage';
import { RequireSession } from './RequireSession';

/** Where a successful sign-in lands until the dashboard screen exists. */
export const HOME_PATH = '/dashboard/alerts_review';

const placeholder = (path: string, title: string): RouteObject => ({
  path,
  element: <PlaceholderPage title={title} />,
});

const dashboardRoutes: RouteObject[] = [
  { index: true, element: <Navigate to={HOME_PATH} replace /> },
  { path: 'alerts_review', element: <AlertsReviewPage /> },
  placeholder('current_issues', 'CURRENT ISSUES'),
  placeholder('inventory', 'INVENTORY'),
  placeholder('resources_usage', 'NETWORK OVERVIEW'),
  placeholder('events_manager', 'EVENTS MANAGER'),
  placeholder('events_log', 'EVENTS LOG'),
  placeholder('policies/*', 'POLICIES'),
  placeholder('data_collectors/*', 'DATA SOURCES'),
  placeholder('assets/:assetType/:assetId/view', 'ASSET'),
  placeholder('users', 'USER LIST'),
  {
    path: 'users/new',
    element: (
      <AdminOnly fallback={<ForbiddenPage />}>
        <PlaceholderPage title="NEW USER" />
      </AdminOnly>
    ),
  },
  placeholder('users/:username', 'EDIT USER'),
  placeholder('profile/:username', 'USER PROFILE'),
  { path: '*', element: <NotFoundPage /> },
];

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <LoginPage homePath={HOME_PATH} /> },
      { path: '/login', element: <LoginPage homePath={HOME_PATH} /> },
      { path: '/register', element: <PublicPlaceholderPage title="Sign Up" /> },
      { path: '/recovery', element: <PublicPlaceholderPage title="Password Recovery" /> },
      { path: '/activation/:token', element: <PublicPlaceholderPage title="Activate Account" /> },
      { path: '/change_password/:token', element: <PublicPlaceholderPage title="Change Password" /> },
      { path: '/change_email_request/:token', element: <PublicPlaceholderPage title="Change Email" /> },
      {
        path: '/dashboard',
        element: (
          <RequireSession>
            <Shell />
          </RequireSession>
        ),
        children: dashboardRoutes,
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
