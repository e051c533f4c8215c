import type { RouteObject } from 'react-router-dom';
import { PlaceholderPage } from '../../components/PlaceholderPage';

export const networkRoutes: RouteObject[] = [
  { path: 'resources_usage', element: <PlaceholderPage title="NETWORK OVERVIEW" /> },
];
