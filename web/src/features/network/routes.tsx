import type { RouteObject } from 'react-router-dom';
import { NetworkOverviewPage } from './components/NetworkOverviewPage';

export const networkRoutes: RouteObject[] = [{ path: 'resources_usage', element: <NetworkOverviewPage /> }];
