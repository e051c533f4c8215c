import type { RouteObject } from 'react-router-dom';
import { PoliciesPage } from './components/PoliciesPage';
import { PolicyFormPage } from './components/PolicyFormPage';

export const policiesRoutes: RouteObject[] = [
  { path: 'policies', element: <PoliciesPage /> },
  { path: 'policies/new', element: <PolicyFormPage key="new" mode="new" /> },
  { path: 'policies/:id/edit', element: <PolicyFormPage key="edit" mode="edit" /> },
  { path: 'policies/:id/view', element: <PolicyFormPage key="view" mode="view" /> },
];
