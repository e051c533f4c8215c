import type { RouteObject } from 'react-router-dom';
import { PlaceholderPage } from '../../components/PlaceholderPage';

export const inventoryRoutes: RouteObject[] = [
  { path: 'inventory', element: <PlaceholderPage title="INVENTORY" /> },
];
