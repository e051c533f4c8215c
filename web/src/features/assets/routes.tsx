import type { RouteObject } from 'react-router-dom';
import { PlaceholderPage } from '../../components/PlaceholderPage';

export const assetsRoutes: RouteObject[] = [
  { path: 'assets/:assetType/:assetId/view', element: <PlaceholderPage title="ASSET" /> },
];
