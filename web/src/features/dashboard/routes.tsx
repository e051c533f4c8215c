import type { RouteObject } from 'react-router-dom';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /dashboard itself. */
export const dashboardHomeRoutes: RouteObject[] = [
  { index: true, element: <PlaceholderPage title="DASHBOARD" /> },
];
