import type { RouteObject } from 'react-router-dom';
import { PlaceholderPage } from '../../components/PlaceholderPage';

export const dataSourcesRoutes: RouteObject[] = [
  { path: 'data_collectors/*', element: <PlaceholderPage title="DATA SOURCES" /> },
];
