import type { RouteObject } from 'react-router-dom';
import { InventoryPage } from './components/InventoryPage';

export const inventoryRoutes: RouteObject[] = [{ path: 'inventory', element: <InventoryPage /> }];
