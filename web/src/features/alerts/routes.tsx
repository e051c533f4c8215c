import type { RouteObject } from 'react-router-dom';
import { AlertsReviewPage } from './components/AlertsReviewPage';

export const alertsRoutes: RouteObject[] = [{ path: 'alerts_review', element: <AlertsReviewPage /> }];
