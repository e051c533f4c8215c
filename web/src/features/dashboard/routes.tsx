import type { RouteObject } from 'react-router-dom';
import { DashboardPage } from './components/DashboardPage';

/** /dashboard itself. */
export const dashboardHomeRoutes: RouteObject[] = [{ index: true, element: <DashboardPage /> }];
