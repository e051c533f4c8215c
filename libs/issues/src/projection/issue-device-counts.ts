import type { ReadStore, WriteOp } from '@lorawatch/read-store/read-store.port';
import {
  ISSUE_DEVICE_COUNTS,
  ISSUE_DEVICE_MEMBERS,
  type IssueDeviceGrain,
  type IssueDeviceMemberView,
  type IssueView,
} from './issue.view';

/** The issue fields that decide which device counters, if any, an issue is counted in. */
export type CountedIssue = Pick<IssueView, 'organizationId' | 'dataSourceId' | 'device' | 'since' | 'open'>;

/** The buckets of `since` the devices are counted in: its UTC hour and day (as the endpoint buckets), and all. */
export function issueBuckets(since: string): Array<{ grain: IssueDeviceGrain; bucket: string }> {
  const iso = new Date(since).toISOString();
  return [
    { grain: 'hour', bucket: `${iso.slice(0, 13)}:00:00.000Z` },
    { grain: 'day', bucket: iso.slice(0, 10) },
    { grain: 'all', bucket: '' },
  ];
}

export function deviceCounterId(
  organizationId: number,
  dataSourceId: number,
  grain: IssueDeviceGrain,
  bucket: string,
): string {
  return `${organizationId}:${dataSourceId}:${grain}:${bucket}`;
}

/**
 * The counter writes for one issue going from `before` to `after` (null: no such issue). Only an open issue of
 * a device counts; each bucket's member record counts the device's open issues there, and the bucket's counter
 * moves by one when that number leaves or reaches 0. A change that keeps the issue where it was writes nothing.
 */
export async function issueDeviceChange(
  store: ReadStore,
  before: CountedIssue | null,
  after: CountedIssue | null,
): Promise<WriteOp[]> {
  const from = counted(before);
  const to = counted(after);
  if (from === to) return [];
  const ops: WriteOp[] = [];
  if (from) ops.push(...(await move(store, before as CountedIssue, -1)));
  if (to) ops.push(...(await move(store, after as CountedIssue, 1)));
  return ops;
}

/** The identity of what an issue counts as (null: nothing), to tell whether a change moves it. */
function counted(issue: CountedIssue | null): string | null {
  if (!issue || !issue.open || issue.device === null) return null;
  return `${issue.organizationId}:${issue.dataSourceId}:${issue.device}:${issue.since}`;
}

async function move(store: ReadStore, issue: CountedIssue, by: 1 | -1): Promise<WriteOp[]> {
  const members = store.collection<IssueDeviceMemberView>(ISSUE_DEVICE_MEMBERS);
  const ops: WriteOp[] = [];
  for (const { grain, bucket } of issueBuckets(issue.since)) {
    const counter = deviceCounterId(issue.organizationId, issue.dataSourceId, grain, bucket);
    const memberId = `${counter}:${issue.device}`;
    const issues = (await members.get(memberId))?.issues ?? 0;
    const now = Math.max(0, issues + by);
    const member: IssueDeviceMemberView = { id: memberId, issues: now };
    ops.push(
      now === 0
        ? { op: 'delete', collection: ISSUE_DEVICE_MEMBERS.name, id: memberId }
        : { op: 'upsert', collection: ISSUE_DEVICE_MEMBERS.name, doc: member },
    );
    if ((issues === 0) !== (now === 0)) {
      ops.push({
        op: 'inc',
        collection: ISSUE_DEVICE_COUNTS.name,
        id: counter,
        inc: { devices: now === 0 ? -1 : 1 },
        setOnInsert: {
          organizationId: issue.organizationId,
          dataSourceId: issue.dataSourceId,
          grain,
          bucket,
        },
      });
    }
  }
  return ops;
}
