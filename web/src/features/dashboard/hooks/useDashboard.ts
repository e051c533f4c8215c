import { useObservable, useObservableState } from 'observable-hooks';
import { useMemo, useState } from 'react';
import { map } from 'rxjs';
import { asOfNow } from '../../../components/shell/as-of';
import { useServices } from '../../../lib/services-context';
import { CHART_KEYS, createChart$, type ChartData } from '../streams/dashboard-charts';
import { createDataSources$, isActive } from '../streams/data-sources';
import { createLatestAlerts$, type LatestAlertRow } from '../streams/latest-alerts';
import { LOADING, type Loadable } from '../streams/loadable';
import { dashboardRefresh$, type RefreshOptions } from '../streams/refresh-signals';
import type { ChartKey, DashboardQuery, DashboardRange, DataSource } from '../types/dashboard';

export interface DashboardModel {
  range: DashboardRange;
  setRange: (range: DashboardRange) => void;
  dataSources: Loadable<DataSource[]>;
  /** Connected data sources and all of them, for the badge. */
  activeCount: number;
  totalCount: number;
  selectedIds: readonly number[];
  setSelectedIds: (ids: number[]) => void;
  charts: Record<ChartKey, Loadable<ChartData>>;
  latestAlerts: Loadable<LatestAlertRow[]>;
}

/** Wires the dashboard's streams to its controls; the components only render what this returns. */
export function useDashboard(refreshOptions?: RefreshOptions): DashboardModel {
  const { api, realtime } = useServices();
  const [range, setRange] = useState<DashboardRange>('DAY');
  const [selectedIds, setSelectedIds] = useState<number[]>([]);
  const query = useMemo<DashboardQuery>(() => ({ range, dataSourceIds: selectedIds }), [range, selectedIds]);

  // One refresh signal for the whole page, so every part reloads together.
  const refresh$ = useObservable(() => dashboardRefresh$(realtime, refreshOptions));
  const query$ = useObservable((inputs$) => inputs$.pipe(map(([current]) => current)), [query]);

  const dataSources$ = useObservable(() => createDataSources$({ api, realtime, refresh$ }));
  // Shown as at a past time, the ranges (last day, week, month) end at that time.
  const now = asOfNow;
  const issues$ = useObservable(() => createChart$('issues', { api, query$, refresh$, now }));
  const alerts$ = useObservable(() => createChart$('alerts', { api, query$, refresh$, now }));
  const devices$ = useObservable(() => createChart$('devices', { api, query$, refresh$, now }));
  const messages$ = useObservable(() => createChart$('messages', { api, query$, refresh$, now }));
  const latest$ = useObservable(() => createLatestAlerts$({ api, query$, refresh$, now }));

  const dataSources = useObservableState(dataSources$, LOADING);
  const chartStates = [
    useObservableState(issues$, LOADING),
    useObservableState(alerts$, LOADING),
    useObservableState(devices$, LOADING),
    useObservableState(messages$, LOADING),
  ];
  const latestAlerts = useObservableState(latest$, LOADING);

  const sources = dataSources.status === 'ready' ? dataSources.value : [];
  const charts = Object.fromEntries(CHART_KEYS.map((key, index) => [key, chartStates[index]])) as Record<
    ChartKey,
    Loadable<ChartData>
  >;

  return {
    range,
    setRange,
    dataSources,
    activeCount: sources.filter(isActive).length,
    totalCount: sources.length,
    selectedIds,
    setSelectedIds,
    charts,
    latestAlerts,
  };
}
