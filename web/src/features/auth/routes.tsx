import type { RouteObject } from 'react-router-dom';
import { PublicPlaceholderPage } from '../../app/PublicPlaceholderPage';

/** The public account screens (spec part 1 §2 "Public routes"). */
export const publicAuthRoutes: RouteObject[] = [
  { path: '/register', element: <PublicPlaceholderPage title="Sign Up" /> },
  { path: '/recovery', element: <PublicPlaceholderPage title="Password Recovery" /> },
  { path: '/activation/:token', element: <PublicPlaceholderPage title="Activate Account" /> },
  { path: '/change_password/:token', element: <PublicPlaceholderPage title="Change Password" /> },
  { path: '/change_email_request/:token', element: <PublicPlaceholderPage title="Change Email" /> },
];
