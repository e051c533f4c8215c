import type { RouteObject } from 'react-router-dom';
import { ConfirmEmailChangePage } from './components/ConfirmEmailChangePage';
import { RecoveryPage } from './components/RecoveryPage';
import { RegisterPage } from './components/RegisterPage';
import { SetPasswordPage } from './components/SetPasswordPage';

/** The public account screens (docs/console.md §2 "Public routes"). */
export const publicAuthRoutes: RouteObject[] = [
  { path: '/register', element: <RegisterPage /> },
  { path: '/recovery', element: <RecoveryPage /> },
  { path: '/activation/:token', element: <SetPasswordPage kind="activation" /> },
  { path: '/change_password/:token', element: <SetPasswordPage kind="recovery" /> },
  { path: '/change_email_request/:token', element: <ConfirmEmailChangePage /> },
];
