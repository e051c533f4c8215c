import type { RouteObject } from 'react-router-dom';
import { PlaceholderPage } from '../../components/PlaceholderPage';

export const policiesRoutes: RouteObject[] = [
  { path: 'policies/*', element: <PlaceholderPage title="POLICIES" /> },
];
