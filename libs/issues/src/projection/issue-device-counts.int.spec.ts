import { dirname } from 'node:path';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { loadConfig } from '@lorawatch/config/app-config';
import { systemClock } from '@lorawatch/platform/clock';
import { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { createTempSqliteFile } from '@lorawatch/sqlite/testing/temp-sqlite-file';
import {
  IssueEventTypes,
  ResolutionReason,
  type IssueClosed,
  type IssueOpened,
} from '@lorawatch/domain/issue.events';
import { CountIssueDevicesController } from '../queries/count-issue-devices/count-issue-devices.controller';
import { CountIssueDevicesQuery } from '../queries/count-issue-devices/count-issue-devices.query';
import { issuesProjection } from './issues.projection';

/** A small deterministic generator, so that a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

interface Open {
  issueId: string;
  dataSourceId: number;
  device: string | null;
  since: string;
}

const BASE = Date.parse('2024-03-05T00:00:00.000Z');
const ORGANIZATION = 1;

/** What the endpoint answered before the counters: every open issue of a device, bucketed on `since`. */
function scanned(open: Open[], gte?: string, lte?: string, grain?: 'hour' | 'day') {
  const inWindow = open.filter(
    (issue) =>
      issue.device !== null &&
      (gte === undefined || issue.since >= gte) &&
      (lte === undefined || issue.since <= lte),
  );
  const key = (issue: Open) => `${issue.dataSourceId}:${issue.device}`;
  if (grain === undefined) return { count: new Set(inWindow.map(key)).size };
  const buckets = new Map<string, Set<string>>();
  for (const issue of inWindow) {
    const bucket = grain === 'hour' ? `${issue.since.slice(0, 13)}:00:00.000Z` : issue.since.slice(0, 10);
    buckets.set(bucket, (buckets.get(bucket) ?? new Set()).add(key(issue)));
  }
  return [...buckets.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([bucket, devices]) =>
      grain === 'hour' ? { hour: bucket, count: devices.size } : { date: bucket, count: devices.size },
    );
}

describe('devices with an open issue, from the counters', () => {
  const temp = createTempSqliteFile('issue-device-counts');
  let store: SqliteReadStore;
  afterAll(async () => {
    await store?.close();
    temp.remove();
  });

  it('answers as the scan of the open issues does, for every grouping and window', async () => {
    store = SqliteReadStore.open(temp.file);
    for (const spec of issuesProjection.collections) store.collection(spec);
    const next = random(7);
    const open = new Map<string, Open>();
    let position = 0;
    const project = async (type: string, data: IssueOpened | IssueClosed) => {
      position++;
      const event: RecordedEvent = {
        id: `e${position}`,
        type,
        data,
        metadata: { organizationId: ORGANIZATION, actor: 'test' },
        streamId: `issue-${data.issueId}`,
        revision: 0,
        position,
        recordedAt: new Date(BASE).toISOString(),
      } as RecordedEvent;
      await store.commit(await issuesProjection.project(event, store), { name: 'issues', position });
    };
    for (let step = 0; step < 1500; step++) {
      const openIds = [...open.keys()];
      if (openIds.length > 0 && next() < 0.35) {
        const issueId = openIds[Math.floor(next() * openIds.length)];
        open.delete(issueId);
        await project(IssueEventTypes.Closed, {
          issueId,
          alertId: issueId,
          code: 'LAF-100',
          reason: ResolutionReason.MANUAL,
          comment: null,
          resolvedAt: new Date(BASE).toISOString(),
          resolvedBy: null,
          evidence: null,
        });
        continue;
      }
      // Few devices over a few days, so that devices often have several issues in one bucket and across buckets.
      const gateway = next() < 0.1;
      const device = gateway ? null : `70b3d5000000${String(Math.floor(next() * 40)).padStart(4, '0')}`;
      const issue: Open = {
        issueId: `i${step}`,
        dataSourceId: 1 + Math.floor(next() * 3),
        device,
        since: new Date(BASE + Math.floor(next() * 3 * 86_400_000)).toISOString(),
      };
      open.set(issue.issueId, issue);
      await project(IssueEventTypes.Opened, {
        issueId: issue.issueId,
        alertId: issue.issueId,
        code: 'LAF-100',
        organizationId: ORGANIZATION,
        dataSourceId: issue.dataSourceId,
        asset: gateway
          ? { type: 'GATEWAY', devEui: null, devAddr: null, gateway: 'b827eb0000000001' }
          : { type: 'DEVICE', devEui: device, devAddr: null, gateway: null },
        since: issue.since,
      });
    }

    // Without as_of the controller answers from the live read store: the history as it was is never built here.
    const asOf = new AsOfReadModels(loadConfig({ DATA_DIR: dirname(temp.file) }), systemClock);
    const controller = new CountIssueDevicesController(store, asOf);
    const user: AuthUser = { userId: 1, username: 'admin', organizationId: ORGANIZATION, roles: [] };
    const windows: Array<[string | undefined, string | undefined]> = [
      [undefined, undefined],
      ['2024-03-05T10:00:00.000Z', '2024-03-06T09:59:59.999Z'],
      ['2024-03-05T10:17:03.000Z', '2024-03-07T08:42:00.000Z'],
      ['2024-03-06T03:10:00.000Z', '2024-03-06T03:50:00.000Z'],
      ['2024-03-06T00:00:00.000Z', undefined],
      [undefined, '2024-03-06T12:30:00.000Z'],
    ];
    const openList = [...open.values()];
    expect(openList.length).toBeGreaterThan(100);
    for (const [gte, lte] of windows) {
      for (const grain of [undefined, 'hour', 'day'] as const) {
        const query = Object.assign(new CountIssueDevicesQuery(), {
          ...(gte || lte ? { created_at: { gte, lte } } : {}),
          ...(grain ? { group_by: grain === 'hour' ? 'HOUR' : 'DAY' } : {}),
        });
        expect([gte, lte, grain, await controller.countIssueDevices(user, query)]).toEqual([
          gte,
          lte,
          grain,
          scanned(openList, gte, lte, grain),
        ]);
      }
      const narrowed = Object.assign(new CountIssueDevicesQuery(), { data_collector: [2], group_by: 'DAY' });
      expect(await controller.countIssueDevices(user, narrowed)).toEqual(
        scanned(
          openList.filter((issue) => issue.dataSourceId === 2),
          undefined,
          undefined,
          'day',
        ),
      );
    }
  });
});
