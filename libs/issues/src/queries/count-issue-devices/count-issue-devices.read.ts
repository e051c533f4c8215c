import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import type { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import type { Filter, ReadStore } from '@lorawatch/read-store/read-store.port';
import { issueBuckets } from '../../projection/issue-device-counts';
import {
  ISSUE_DEVICE_COUNTS,
  ISSUES,
  type IssueDeviceCountView,
  type IssueDeviceGrain,
  type IssueView,
} from '../../projection/issue.view';
import { issueFilter } from '../issue-filter';
import type { CountIssueDevicesQuery } from './count-issue-devices.query';

/**
 * Distinct devices with an open issue; gateway issues name no device. Buckets on `since`, oldest first. Read
 * from the device counters of the issues projection where the query narrows by data source and date only:
 * whole buckets from the counters, the partial ones at the window's bounds from their few issues.
 */
export async function countIssueDevices(
  current: ReadStore,
  asOf: AsOfReadModels,
  caller: AuthUser,
  query: CountIssueDevicesQuery,
) {
  const store = await asOf.readStore(query.as_of, current);
  const filter = await issueFilter(store, caller.organizationId, query);
  const issues = store.collection<IssueView>(ISSUES);
  const byCounters = query.alerttype === undefined && query.risk === undefined && query.device === undefined;
  const since = filter.since as { $gte?: string; $lte?: string } | undefined;
  if (query.group_by === undefined) {
    if (byCounters && since === undefined) {
      const [row] = await deviceCounters(store).sumBy([], 'devices', counterFilter(filter, 'all'));
      return { count: row?.sum ?? 0 };
    }
    // One row per distinct device, read from the issues' covering index.
    return { count: (await issues.countBy('deviceKey', { ...filter, deviceKey: { $ne: null } })).length };
  }
  const grain = query.group_by === 'HOUR' ? 'hour' : 'day';
  const buckets = new Map<string, number>();
  if (byCounters) {
    const { whole, edges } = splitIntoBuckets(since?.$gte, since?.$lte, grain);
    if (whole) {
      const counters = { ...counterFilter(filter, grain), bucket: whole };
      for (const row of await deviceCounters(store).sumBy(['bucket'], 'devices', counters)) {
        if (row.sum > 0) buckets.set(String(row.values[0]), row.sum);
      }
    }
    for (const edge of edges) {
      const found = await issues.find({ ...filter, since: edge, device: { $ne: null } });
      addDeviceBuckets(buckets, found, grain);
    }
  } else {
    addDeviceBuckets(buckets, await issues.find({ ...filter, device: { $ne: null } }), grain);
  }
  return [...buckets.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([bucket, count]) => (grain === 'hour' ? { hour: bucket, count } : { date: bucket, count }));
}

function deviceCounters(store: ReadStore) {
  return store.collection<IssueDeviceCountView>(ISSUE_DEVICE_COUNTS);
}

/** The counters of one grain with the data source narrowing of the issue filter. */
function counterFilter(filter: Filter, grain: IssueDeviceGrain): Filter {
  const counters: Filter = { organizationId: filter.organizationId as number, grain };
  if (filter.dataSourceId !== undefined) counters.dataSourceId = filter.dataSourceId;
  return counters;
}

/** Distinct devices of the issues per bucket of `since`, added to the buckets (each issue's bucket is new). */
function addDeviceBuckets(buckets: Map<string, number>, issues: IssueView[], grain: 'hour' | 'day'): void {
  const devices = new Map<string, Set<string>>();
  for (const issue of issues) {
    const bucket = issueBuckets(issue.since).find((entry) => entry.grain === grain)?.bucket ?? '';
    devices.set(bucket, (devices.get(bucket) ?? new Set()).add(`${issue.dataSourceId}:${issue.device}`));
  }
  for (const [bucket, set] of devices) buckets.set(bucket, (buckets.get(bucket) ?? 0) + set.size);
}

const BUCKET_MS = { hour: 3_600_000, day: 86_400_000 } as const;

/**
 * Splits inclusive ISO bounds on `since` into the range of whole buckets (as bucket names, null: none) and the
 * `since` ranges of the partial buckets at the bounds (0 to 2).
 */
export function splitIntoBuckets(
  gte: string | undefined,
  lte: string | undefined,
  grain: 'hour' | 'day',
): { whole: { $gte?: string; $lte?: string } | null; edges: Array<{ $gte: string; $lte: string }> } {
  const size = BUCKET_MS[grain];
  const name = (ms: number) => {
    const iso = new Date(ms).toISOString();
    return grain === 'hour' ? `${iso.slice(0, 13)}:00:00.000Z` : iso.slice(0, 10);
  };
  const from = gte === undefined ? undefined : Date.parse(gte);
  const to = lte === undefined ? undefined : Date.parse(lte);
  const startOf = (ms: number) => Math.floor(ms / size) * size;
  const edges: Array<{ $gte: string; $lte: string }> = [];
  const iso = (ms: number) => new Date(ms).toISOString();
  let first = from === undefined ? undefined : startOf(from);
  let last = to === undefined ? undefined : startOf(to);
  if (from !== undefined && to !== undefined && startOf(from) === startOf(to)) {
    const whole = from === startOf(from) && to === startOf(to) + size - 1;
    if (whole) return { whole: { $gte: name(from), $lte: name(from) }, edges };
    return { whole: null, edges: [{ $gte: iso(from), $lte: iso(to) }] };
  }
  if (from !== undefined && first !== undefined && from !== first) {
    edges.push({ $gte: iso(from), $lte: iso(first + size - 1) });
    first += size;
  }
  if (to !== undefined && last !== undefined && to !== last + size - 1) {
    edges.push({ $gte: iso(last), $lte: iso(to) });
    last -= size;
  }
  if (first !== undefined && last !== undefined && first > last) return { whole: null, edges };
  return {
    whole: {
      ...(first !== undefined ? { $gte: name(first) } : {}),
      ...(last !== undefined ? { $lte: name(last) } : {}),
    },
    edges,
  };
}
