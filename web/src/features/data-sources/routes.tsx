import type { RouteObject } from 'react-router-dom';
import { DataSourceFormPage } from './components/DataSourceFormPage';
import { DataSourceLogPage } from './components/DataSourceLogPage';
import { DataSourceViewPage } from './components/DataSourceViewPage';
import { DataSourcesPage } from './components/DataSourcesPage';

export const dataSourcesRoutes: RouteObject[] = [
  { path: 'data_collectors', element: <DataSourcesPage /> },
  { path: 'data_collectors/new', element: <DataSourceFormPage key="new" /> },
  { path: 'data_collectors/:id/edit', element: <DataSourceFormPage key="edit" /> },
  { path: 'data_collectors/:id/view', element: <DataSourceViewPage /> },
  { path: 'data_collectors/:id/log', element: <DataSourceLogPage /> },
];
