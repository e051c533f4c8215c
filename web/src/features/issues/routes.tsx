import type { RouteObject } from 'react-router-dom';
import { PlaceholderPage } from '../../components/PlaceholderPage';

export const issuesRoutes: RouteObject[] = [
  { path: 'current_issues', element: <PlaceholderPage title="CURRENT ISSUES" /> },
];
