import { catchError, combineLatest, map, of, startWith, switchMap, type Observable } from 'rxjs';
import type { ApiClient } from '../../../lib/api';
import { RISKS } from '../../../lib/levels';
import { RISK_COLORS } from '../../../components/RiskBadge';
import type { ChartDatum } from '../../../components/charts/chart-data';
import {
  getAlertTypeCounts,
  getDataCollectorCounts,
  type AlertTypeCount,
  type DataCollectorCount,
} from '../api/alerts-api';
import type { AlertFilters } from '../types/alerts-query';

export interface ChartState {
  status: 'loading' | 'ready' | 'error';
  data: ChartDatum[];
}

/** The three bubble charts of the Alerts review. */
export interface AlertChartsState {
  byRisk: ChartState;
  byType: ChartState;
  byDataSource: ChartState;
}

const LOADING: ChartState = { status: 'loading', data: [] };

export const INITIAL_ALERT_CHARTS: AlertChartsState = {
  byRisk: LOADING,
  byType: LOADING,
  byDataSource: LOADING,
};

/** Risk bubbles: the per-type counts summed by each type's risk, highest risk first. */
export function riskData(counts: readonly AlertTypeCount[]): ChartDatum[] {
  return [...RISKS].reverse().map((risk) => ({
    id: risk,
    label: risk,
    value: counts.filter((type) => type.risk === risk).reduce((sum, type) => sum + type.count, 0),
    color: RISK_COLORS[risk],
  }));
}

export function typeData(counts: readonly AlertTypeCount[]): ChartDatum[] {
  return counts.map((type) => ({ id: type.code, label: type.name, value: type.count }));
}

export function dataSourceData(counts: readonly DataCollectorCount[]): ChartDatum[] {
  return counts.map((source) => ({ id: String(source.id), label: source.name, value: source.count }));
}

/**
 * One chart: loads on subscription and again on each `refresh$`. A refresh keeps the bubbles on screen until
 * the new counts land, so live updates do not flash a loader.
 */
function chart$(load: () => Observable<ChartDatum[]>, refresh$: Observable<unknown>): Observable<ChartState> {
  return refresh$.pipe(
    startWith(null),
    switchMap(() =>
      load().pipe(
        map((data): ChartState => ({ status: 'ready', data })),
        catchError(() => of<ChartState>({ status: 'error', data: [] })),
      ),
    ),
    startWith(LOADING),
  );
}

export interface AlertChartsSources {
  api: ApiClient;
  filters$: Observable<AlertFilters>;
  /** Live alerts (throttled by the caller): the counts are read again. */
  refresh$: Observable<unknown>;
}

/**
 * Each chart counts with every filter except its own dimension: a chart keeps showing its other groups, so
 * several of them can be picked (the picked ones are highlighted).
 */
export function createAlertCharts$({
  api,
  filters$,
  refresh$,
}: AlertChartsSources): Observable<AlertChartsState> {
  return filters$.pipe(
    switchMap((filters) =>
      combineLatest({
        byRisk: chart$(
          () => getAlertTypeCounts(api, { ...filters, risks: undefined }).pipe(map(riskData)),
          refresh$,
        ),
        byType: chart$(
          () => getAlertTypeCounts(api, { ...filters, types: undefined }).pipe(map(typeData)),
          refresh$,
        ),
        byDataSource: chart$(
          () =>
            getDataCollectorCounts(api, { ...filters, dataCollectorIds: undefined }).pipe(
              map(dataSourceData),
            ),
          refresh$,
        ),
      }),
    ),
  );
}
