import { catchError, forkJoin, map, of, startWith, switchMap, type Observable } from 'rxjs';
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
  /** TOTAL ALERTS: the alerts matching every filter, from the same counts as the charts; null until read. */
  total: number | null;
}

const LOADING: ChartState = { status: 'loading', data: [] };

export const INITIAL_ALERT_CHARTS: AlertChartsState = {
  byRisk: LOADING,
  byType: LOADING,
  byDataSource: LOADING,
  total: null,
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

/** The counts of one moment, with the filters they were read under. */
interface CountsSnapshot {
  filters: AlertFilters;
  types: readonly AlertTypeCount[];
  sources: readonly DataCollectorCount[];
}

const picked = <T>(selection: readonly T[] | undefined, value: T) =>
  !selection || selection.length === 0 || selection.includes(value);

/**
 * The three charts and TOTAL ALERTS from one snapshot of counts, so their numbers always agree: the per-type counts
 * are read once without the type and risk filters, and BY RISK, BY ALERT DESCRIPTION and the total are all derived
 * from them; BY DATA SOURCE is read in the same round.
 */
export function chartsOf({ filters, types, sources }: CountsSnapshot): AlertChartsState {
  const ofRisks = types.filter((type) => picked(filters.risks, type.risk));
  const ofTypes = types.filter((type) => picked(filters.types, type.code));
  const total = ofRisks
    .filter((type) => picked(filters.types, type.code))
    .reduce((sum, type) => sum + type.count, 0);
  return {
    byRisk: { status: 'ready', data: riskData(ofTypes) },
    byType: { status: 'ready', data: typeData(ofRisks) },
    byDataSource: { status: 'ready', data: dataSourceData(sources) },
    total,
  };
}

const FAILED: ChartState = { status: 'error', data: [] };

function snapshot$(api: ApiClient, filters: AlertFilters): Observable<AlertChartsState> {
  return forkJoin({
    types: getAlertTypeCounts(api, { ...filters, types: undefined, risks: undefined }),
    sources: getDataCollectorCounts(api, { ...filters, dataCollectorIds: undefined }),
  }).pipe(
    map(({ types, sources }) => chartsOf({ filters, types, sources })),
    catchError(() =>
      of<AlertChartsState>({ byRisk: FAILED, byType: FAILED, byDataSource: FAILED, total: null }),
    ),
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
 * several of them can be picked (the picked ones are highlighted). A refresh keeps the bubbles on screen until the
 * new snapshot lands, so live updates do not flash a loader, and replaces all of them and the total at once.
 */
export function createAlertCharts$({
  api,
  filters$,
  refresh$,
}: AlertChartsSources): Observable<AlertChartsState> {
  return filters$.pipe(
    switchMap((filters) =>
      refresh$.pipe(
        startWith(null),
        switchMap(() => snapshot$(api, filters)),
        startWith(INITIAL_ALERT_CHARTS),
      ),
    ),
  );
}
