import { parseTimestamp } from '../../../lib/format';
import type { Alert } from '../../../lib/alerts/alert';
import type { AlertsQuery } from '../types/alerts-query';

export type AlertsPageStatus = 'loading' | 'ready' | 'error';

/** What the Alerts review table shows: a REST snapshot of one page, kept current by live alerts. */
export interface AlertsPageState {
  query: AlertsQuery | null;
  status: AlertsPageStatus;
  alerts: readonly Alert[];
  /** Matching alerts across all pages. */
  total: number;
  /** Alerts that arrived live and are still highlighted. */
  freshAlertIds: readonly number[];
  /** Live alerts arrived that this view cannot show in place: the "There're new alerts." banner. */
  hasNewAlerts: boolean;
  /** Live alerts received while the snapshot was in flight, merged when it lands. */
  arrivedWhileLoading: readonly Alert[];
}

export const INITIAL_ALERTS_PAGE: AlertsPageState = {
  query: null,
  status: 'loading',
  alerts: [],
  total: 0,
  freshAlertIds: [],
  hasNewAlerts: false,
  arrivedWhileLoading: [],
};

export type AlertsPageAction =
  | { type: 'load-started'; query: AlertsQuery }
  | { type: 'load-succeeded'; alerts: readonly Alert[]; total: number }
  | { type: 'load-failed' }
  /** A live alert for a view that shows live alerts in place (see showsLiveAlerts). */
  | { type: 'live-alert-received'; alert: Alert }
  /** A silent re-read of the page after live alerts that came without their record. */
  | { type: 'live-page-refreshed'; alerts: readonly Alert[]; total: number }
  | { type: 'new-alerts-noticed' }
  /** An alert of the page changed (resolved from the detail panel): replaced where it stands. */
  | { type: 'alert-updated'; alert: Alert }
  | { type: 'fresh-mark-expired'; alertIds: readonly number[] };

const timeOf = (alert: Alert) => parseTimestamp(alert.created_at)?.getTime() ?? Number.POSITIVE_INFINITY;

/** Index at which a live alert goes in a newest-first list (alerts may reach us slightly out of order). */
function insertionIndex(alerts: readonly Alert[], alert: Alert): number {
  const time = timeOf(alert);
  const index = alerts.findIndex((existing) => timeOf(existing) < time);
  return index === -1 ? alerts.length : index;
}

function insertLive(state: AlertsPageState, alert: Alert): AlertsPageState {
  if (state.alerts.some((existing) => existing.id === alert.id)) return state;
  const size = state.query?.size ?? Number.POSITIVE_INFINITY;
  const index = insertionIndex(state.alerts, alert);
  const total = state.total + 1;
  // Older than everything on a full page: it belongs to a later page, only the total changes.
  if (index >= size) return { ...state, total };
  const alerts = [...state.alerts.slice(0, index), alert, ...state.alerts.slice(index)].slice(0, size);
  return { ...state, alerts, total, freshAlertIds: [...state.freshAlertIds, alert.id] };
}

export function reduceAlertsPage(state: AlertsPageState, action: AlertsPageAction): AlertsPageState {
  switch (action.type) {
    case 'load-started':
      return {
        ...state,
        query: action.query,
        status: 'loading',
        freshAlertIds: [],
        hasNewAlerts: false,
        arrivedWhileLoading: [],
      };
    case 'load-succeeded': {
      const loaded: AlertsPageState = {
        ...state,
        status: 'ready',
        alerts: action.alerts,
        total: action.total,
        freshAlertIds: [],
        arrivedWhileLoading: [],
      };
      // The snapshot may or may not include alerts announced during the request; add those it missed.
      return state.arrivedWhileLoading.reduce(insertLive, loaded);
    }
    case 'load-failed':
      return { ...state, status: 'error', alerts: [], total: 0, freshAlertIds: [], arrivedWhileLoading: [] };
    case 'live-alert-received':
      if (state.status === 'loading') {
        if (state.arrivedWhileLoading.some((alert) => alert.id === action.alert.id)) return state;
        return { ...state, arrivedWhileLoading: [...state.arrivedWhileLoading, action.alert] };
      }
      if (state.status === 'error') return { ...state, hasNewAlerts: true };
      return insertLive(state, action.alert);
    case 'live-page-refreshed': {
      const known = new Set(state.alerts.map((alert) => alert.id));
      const arrived = state.status === 'ready' ? action.alerts.filter((alert) => !known.has(alert.id)) : [];
      return {
        ...state,
        status: 'ready',
        alerts: action.alerts,
        total: action.total,
        freshAlertIds: [...state.freshAlertIds, ...arrived.map((alert) => alert.id)],
      };
    }
    case 'new-alerts-noticed':
      return state.hasNewAlerts ? state : { ...state, hasNewAlerts: true };
    case 'alert-updated':
      return state.alerts.some((alert) => alert.id === action.alert.id)
        ? {
            ...state,
            alerts: state.alerts.map((alert) => (alert.id === action.alert.id ? action.alert : alert)),
          }
        : state;
    case 'fresh-mark-expired': {
      const expired = new Set(action.alertIds);
      const freshAlertIds = state.freshAlertIds.filter((id) => !expired.has(id));
      return freshAlertIds.length === state.freshAlertIds.length ? state : { ...state, freshAlertIds };
    }
  }
}
