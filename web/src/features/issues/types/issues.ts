import type { Issue as ApiIssue } from '@lorawatch/contracts';
import type { Alert } from '../../../lib/alerts/alert';
import type { Risk } from '../../../lib/levels';
import type { Sort } from '../../../lib/paging';

/** What Current Issues reads of an issue of `GET quarantined_devices` (docs/api.md §7), its alert as the alert views do. */
export type Issue = Pick<
  ApiIssue,
  'id' | 'alert_type' | 'data_collector_id' | 'data_collector_name' | 'since' | 'last_checked' | 'resolved_at'
> & { alert: Alert | null };

/** A selected pie entry: the id the API filters on and the name its chip shows. */
export interface NamedFilter {
  id: number;
  name: string;
}

/** The three pie filters (spec part 1, Current Issues). */
export interface IssueFilters {
  risks: readonly Risk[];
  alertTypes: readonly NamedFilter[];
  dataSources: readonly NamedFilter[];
}

export const NO_FILTERS: IssueFilters = { risks: [], alertTypes: [], dataSources: [] };

export function hasFilters(filters: IssueFilters): boolean {
  return filters.risks.length + filters.alertTypes.length + filters.dataSources.length > 0;
}

export interface IssuesQuery {
  /** 0-based, as the Pager shows it; the API's page is 1-based. */
  page: number;
  size: number;
  sort: Sort | null;
  filters: IssueFilters;
}

/** Current Issues sort by last check, newest first, until the user picks another (docs/console.md §4). */
export const DEFAULT_ISSUES_SORT: Sort = { field: 'last_checked', direction: 'DESC' };

export const ISSUE_SORT_FIELDS = [
  { field: 'last_checked', label: 'Last Check' },
  { field: 'since', label: 'Date' },
  { field: 'device_id', label: 'Device ID' },
] as const;

/** `group_by` values of `quarantined_devices/count`, one per pie. */
export type IssueGrouping = 'alert_type_risk' | 'alert_type_name' | 'data_collector_name';

/** One answer row of a grouped count; only the fields of its grouping are present. */
export interface IssueGroupCount {
  count: number;
  alert_type_risk?: Risk | null;
  alert_type_id?: number | null;
  alert_type_name?: string | null;
  data_collector_id?: number | null;
  data_collector_name?: string | null;
}
