import type { RouteObject } from 'react-router-dom';
import { AssetViewPage } from './components/AssetViewPage';

export const assetsRoutes: RouteObject[] = [
  { path: 'assets/:assetType/:assetId/view', element: <AssetViewPage /> },
];
