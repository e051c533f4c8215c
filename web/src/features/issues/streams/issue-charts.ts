import { catchError, combineLatest, map, merge, of, startWith, switchMap, type Observable } from 'rxjs';
import type { ApiClient } from '../../../lib/api';
import type { ChartDatum } from '../../../components/charts/chart-data';
import { RISK_COLORS } from '../../../components/RiskBadge';
import { RISKS, type Risk } from '../../../lib/levels';
import { getIssueDevicesCount, getIssueGroups } from '../api/issues-api';
import type { IssueFilters, IssueGroupCount } from '../types/issues';

export interface ChartState {
  status: 'loading' | 'ready' | 'error';
  data: ChartDatum[];
}

export interface IssueChartsState {
  byRisk: ChartState;
  byType: ChartState;
  bySource: ChartState;
  devices: { status: 'loading' | 'ready' | 'error'; count: number };
}

const LOADING_CHART: ChartState = { status: 'loading', data: [] };

export const INITIAL_ISSUE_CHARTS: IssueChartsState = {
  byRisk: LOADING_CHART,
  byType: LOADING_CHART,
  bySource: LOADING_CHART,
  devices: { status: 'loading', count: 0 },
};

const isRisk = (value: unknown): value is Risk => RISKS.includes(value as Risk);

export function riskData(groups: IssueGroupCount[]): ChartDatum[] {
  return groups
    .filter((group) => isRisk(group.alert_type_risk))
    .map((group) => {
      const risk = group.alert_type_risk as Risk;
      return { id: risk, label: risk, value: group.count, color: RISK_COLORS[risk] };
    });
}

export function typeData(groups: IssueGroupCount[]): ChartDatum[] {
  return groups
    .filter((group) => typeof group.alert_type_id === 'number')
    .map((group) => ({
      id: String(group.alert_type_id),
      label: group.alert_type_name ?? String(group.alert_type_id),
      value: group.count,
    }));
}

export function sourceData(groups: IssueGroupCount[]): ChartDatum[] {
  return groups
    .filter((group) => typeof group.data_collector_id === 'number')
    .map((group) => ({
      id: String(group.data_collector_id),
      label: group.data_collector_name ?? String(group.data_collector_id),
      value: group.count,
    }));
}

/**
 * One pie: each leaves its own dimension out of the filters, so its other slices stay visible and can be
 * added to the selection; the rest of the filters narrow it like the table.
 */
function chart$(source$: Observable<ChartDatum[]>, refreshing: boolean): Observable<ChartState> {
  const loaded$ = source$.pipe(
    map((data): ChartState => ({ status: 'ready', data })),
    catchError(() => of<ChartState>({ status: 'error', data: [] })),
  );
  // A refresh keeps the pie on screen until the new counts land.
  return refreshing ? loaded$ : loaded$.pipe(startWith(LOADING_CHART));
}

export interface IssueChartsSources {
  api: ApiClient;
  filters$: Observable<IssueFilters>;
  refresh$: Observable<unknown>;
}

/** The BY RISK, BY ALERT DESCRIPTION and BY DATA SOURCE pies and the DEVICES count for the filters in force. */
export function createIssueCharts$({
  api,
  filters$,
  refresh$,
}: IssueChartsSources): Observable<IssueChartsState> {
  return filters$.pipe(
    switchMap((filters) =>
      merge(of(false), refresh$.pipe(map(() => true))).pipe(
        switchMap((refreshing) => {
          const devices$ = getIssueDevicesCount(api, filters).pipe(
            map((count) => ({ status: 'ready' as const, count })),
            catchError(() => of({ status: 'error' as const, count: 0 })),
          );
          return combineLatest({
            byRisk: chart$(
              getIssueGroups(api, 'alert_type_risk', { ...filters, risks: [] }).pipe(map(riskData)),
              refreshing,
            ),
            byType: chart$(
              getIssueGroups(api, 'alert_type_name', { ...filters, alertTypes: [] }).pipe(map(typeData)),
              refreshing,
            ),
            bySource: chart$(
              getIssueGroups(api, 'data_collector_name', { ...filters, dataSources: [] }).pipe(
                map(sourceData),
              ),
              refreshing,
            ),
            devices: refreshing ? devices$ : devices$.pipe(startWith(INITIAL_ISSUE_CHARTS.devices)),
          });
        }),
      ),
    ),
  );
}
