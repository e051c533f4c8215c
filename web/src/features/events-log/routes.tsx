import type { RouteObject } from 'react-router-dom';
import { EventsLogPage } from './components/EventsLogPage';

export const eventsLogRoutes: RouteObject[] = [{ path: 'events_log', element: <EventsLogPage /> }];
