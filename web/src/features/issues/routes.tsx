import type { RouteObject } from 'react-router-dom';
import { CurrentIssuesPage } from './components/CurrentIssuesPage';

export const issuesRoutes: RouteObject[] = [{ path: 'current_issues', element: <CurrentIssuesPage /> }];
