import type { RouteObject } from 'react-router-dom';
import { PlaceholderPage } from '../../components/PlaceholderPage';

export const eventsLogRoutes: RouteObject[] = [
  { path: 'events_log', element: <PlaceholderPage title="EVENTS LOG" /> },
];
