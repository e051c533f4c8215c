import type { RouteObject } from 'react-router-dom';
import { AdminOnly } from '../../components/AdminOnly';
import { ForbiddenPage } from '../../components/ForbiddenPage';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Users screens under /dashboard (spec part 1 §2 "Users"). */
export const usersRoutes: RouteObject[] = [
  { path: 'users', element: <PlaceholderPage title="USER LIST" /> },
  {
    path: 'users/new',
    element: (
      <AdminOnly fallback={<ForbiddenPage />}>
        <PlaceholderPage title="NEW USER" />
      </AdminOnly>
    ),
  },
  { path: 'users/:username', element: <PlaceholderPage title="EDIT USER" /> },
  { path: 'profile/:username', element: <PlaceholderPage title="USER PROFILE" /> },
];
