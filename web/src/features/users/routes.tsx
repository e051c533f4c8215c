import type { RouteObject } from 'react-router-dom';
import { AdminOnly } from '../../components/AdminOnly';
import { ForbiddenPage } from '../../components/ForbiddenPage';
import { EditUserPage } from './components/EditUserPage';
import { NewUserPage } from './components/NewUserPage';
import { UserListPage } from './components/UserListPage';
import { UserProfilePage } from './components/UserProfilePage';

/** Users screens under /dashboard (docs/console.md §2 "Users"). */
export const usersRoutes: RouteObject[] = [
  { path: 'users', element: <UserListPage /> },
  {
    path: 'users/new',
    element: (
      <AdminOnly fallback={<ForbiddenPage />}>
        <NewUserPage />
      </AdminOnly>
    ),
  },
  { path: 'users/:username', element: <EditUserPage /> },
  { path: 'profile/:username', element: <UserProfilePage /> },
];
