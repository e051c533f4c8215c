import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { alertOn, joinRequest, uplink, type TestDevice } from '@lorawatch/issues/testing/issue-scenario';
import { IssueWorld } from '@lorawatch/issues/testing/issue-world';
import { systemClock } from '@lorawatch/platform/clock';
import { toHttp } from '@lorawatch/platform/domain-error-http';
import { Unavailable } from '@lorawatch/platform/domain-errors';
import { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import { buildReadModelsAsOf } from '@lorawatch/processes/as-of/build-read-models-as-of';
import { scratchBuildWorkerFile } from '@lorawatch/processes/as-of/scratch-build-worker-file';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { ALERTS, type AlertView } from '@lorawatch/domain/alert.view';
import { parseReplayArgs } from '../apps/tools/replay-args';
import { startApp, type Harness } from './support/app-harness';

interface AlertJson {
  id: number;
  type: string;
  resolved_at: string | null;
  parameters: { packet_id: string; dev_eui?: string };
}
interface IssueJson {
  id: number;
  alert: { type: string; parameters: { dev_eui?: string } };
}

const BASE = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 6 * 3_600_000).toISOString();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A moment strictly between what was recorded before and what is recorded after. */
async function moment(): Promise<string> {
  await pause(5);
  const at = new Date().toISOString();
  await pause(5);
  return at;
}

/** Everything the live read models hold: every table but the event store's and the packet log's, row by row. */
function readModelDigest(file: string): string {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    const tables = db
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND (name LIKE 'rs\\_%' ESCAPE '\\' OR name = 'read_checkpoints') ORDER BY name",
      )
      .all()
      .map((row) => row.name);
    const hash = createHash('sha256');
    for (const table of tables) {
      hash.update(table);
      for (const row of db.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).iterate())
        hash.update(JSON.stringify(row));
    }
    expect(tables.length).toBeGreaterThan(3);
    return hash.digest('hex');
  } finally {
    db.close();
  }
}

describe('the history as it was (as_of)', () => {
  let harness: Harness;
  let world: IssueWorld;
  let admin: string;
  let live: ReadStore;
  const auth = () => ({ Authorization: `Bearer ${admin}` });
  const alerts = async (query: string) =>
    (await harness.http.get(`/api/v1.0/alerts?include_parameters=true${query}`).set(auth()).expect(200))
      .body as AlertJson[];
  const issues = async (query = '') =>
    (await harness.http.get(`/api/v1.0/quarantined_devices${query}`).set(auth()).expect(200))
      .body as IssueJson[];

  beforeAll(async () => {
    // No ticks: nothing but the test writes the live read models while they are compared.
    harness = await startApp({ DETECTOR_TICK_SECONDS: '0' });
    world = new IssueWorld(harness);
    admin = await harness.adminToken();
    live = harness.app.get<ReadStore>(READ_STORE);
  });
  afterAll(async () => harness.close());

  it('shows an alert resolved at t1 as unresolved as of t0 and resolved as of t2', async () => {
    // Given an alert raised from a real join request
    const device: TestDevice = { devEui: '0004a30b001ca501', devAddr: '2601a501' };
    const raised = alertOn('LAF-001', joinRequest(device.devEui!, 7, BASE), { dev_nonce: 7 });
    await world.raise(raised);
    const mine = (list: AlertJson[]) =>
      list.filter((alert) => alert.parameters.packet_id === raised.packet.id);
    const [alert] = mine(await alerts('&type[]=LAF-001'));
    const t0 = await moment();
    // When it is resolved at t1
    await harness.http
      .put(`/api/v1.0/alerts/${alert.id}/resolve`)
      .set(auth())
      .send({ comment: 'seen' })
      .expect(200);
    await world.settle();
    const t2 = await moment();

    // Then as of t0 it is unresolved, as of t2 resolved, and the live list agrees with t2
    const before = mine(await alerts(`&type[]=LAF-001&as_of=${t0}`));
    expect(before).toEqual([expect.objectContaining({ id: alert.id, resolved_at: null })]);
    expect(mine(await alerts(`&type[]=LAF-001&resolved=false&as_of=${t0}`))).toHaveLength(1);
    const after = mine(await alerts(`&type[]=LAF-001&as_of=${t2}`));
    expect(after).toEqual([expect.objectContaining({ id: alert.id, resolved_at: expect.any(String) })]);
    expect(mine(await alerts(`&type[]=LAF-001&resolved=false&as_of=${t2}`))).toHaveLength(0);
    expect(mine(await alerts('&type[]=LAF-001'))).toEqual(after);

    // And the counts the Alerts screen draws follow the same history
    const unresolvedCount = async (asOf: string) =>
      (
        await harness.http
          .get(`/api/v1.0/alerts/count?group_by=TOTAL&type[]=LAF-001&resolved=false&as_of=${asOf}`)
          .set(auth())
          .expect(200)
      ).body as { count: number };
    expect((await unresolvedCount(t0)).count).toBe((await unresolvedCount(t2)).count + 1);
    const byType = await harness.http.get(`/api/v1.0/alert_types/count?as_of=${t0}`).set(auth()).expect(200);
    expect(byType.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'LAF-001', count: expect.any(Number) })]),
    );
  });

  it('shows an issue open at t0 and closed at t1 as open as of t0 and gone as of t2', async () => {
    // Given an issue opened by a real uplink's alert
    const device: TestDevice = { devEui: '0004a30b001ca502', devAddr: '2601a502' };
    await world.raise(alertOn('LAF-006', uplink(device, BASE, 0)));
    const mine = (list: IssueJson[]) =>
      list.filter((issue) => issue.alert.parameters.dev_eui === device.devEui);
    const [issue] = mine(await issues());
    expect(issue).toBeDefined();
    const t0 = await moment();
    // When it is closed at t1
    await harness.http
      .post('/api/v1.0/quarantined_devices/remove')
      .set(auth())
      .send({ id: issue.id, comment: 'device re-flashed' })
      .expect(200);
    await world.settle();
    const t2 = await moment();

    // Then it is listed as of t0, not as of t2, nor live
    expect(mine(await issues(`?as_of=${t0}`)).map((found) => found.id)).toEqual([issue.id]);
    expect(mine(await issues(`?as_of=${t2}`))).toEqual([]);
    expect(mine(await issues())).toEqual([]);
    const count = async (asOf: string) =>
      (await harness.http.get(`/api/v1.0/quarantined_devices/count?as_of=${asOf}`).set(auth()).expect(200))
        .body as { count: number };
    expect((await count(t0)).count).toBe((await count(t2)).count + 1);
  });

  it('answers 400 with a message for an as_of that is no time, in the future or before the first event', async () => {
    const ask = (asOf: string) =>
      harness.http
        .get(`/api/v1.0/alerts?as_of=${encodeURIComponent(asOf)}`)
        .set(auth())
        .expect(400);
    expect((await ask('yesterday')).body.message).toBe(
      'as_of must be an ISO 8601 time, such as 2026-01-31T00:00:00Z',
    );
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await ask(future)).body.message).toBe('as_of must not be in the future');
    expect((await ask('2001-01-01T00:00:00Z')).body.message).toMatch(
      /^as_of is outside the recorded history: The history starts at \S+: pick a time after it$/,
    );
    const issuesAnswer = await harness.http.get('/api/v1.0/quarantined_devices?as_of=13/01/2026').set(auth());
    expect(issuesAnswer.status).toBe(400);
    const tiles = await harness.http.get(`/api/v1.0/packets/count?as_of=${future}`).set(auth()).expect(400);
    expect(tiles.body.message).toBe('as_of must not be in the future');
  });

  it('ends the dashboard traffic charts at as_of', async () => {
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    for (const path of ['packets/count', 'devices/count']) {
      const answer = await harness.http
        .get(`/api/v1.0/${path}?group_by=HOUR&as_of=${hourAgo}`)
        .set(auth())
        .expect(200);
      for (const row of answer.body as Array<{ hour: string }>)
        expect(Date.parse(row.hour)).toBeLessThanOrEqual(Date.parse(hourAgo));
    }
  });

  it('builds a time once for requests that arrive together, and keeps only the newest times', async () => {
    const history = new AsOfReadModels(
      harness.config,
      systemClock,
      { cacheEntries: 1 },
      scratchBuildWorkerFile(),
    );
    try {
      const folder = join(harness.config.dataDir, 'as-of');
      const filesOf = () =>
        existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.db')) : [];
      // The server's own read models of the times asked above live in the same folder.
      const before = new Set(filesOf());
      const added = () => filesOf().filter((name) => !before.has(name));
      const t = await moment();
      const [first, second] = await Promise.all([history.readStore(t, live), history.readStore(t, live)]);
      expect(second).toBe(first);
      expect(first).not.toBe(live);
      const builtFirst = added();
      expect(builtFirst).toHaveLength(1);
      const other = await history.readStore(await moment(), live);
      expect(other).not.toBe(first);
      await pause(50);
      // The first time was evicted: its file is gone, the newer one is kept.
      expect(added()).toHaveLength(1);
      expect(added()).not.toEqual(builtFirst);
    } finally {
      await history.onModuleDestroy();
    }
  });

  it('stops a build that runs out of time and answers 503, and the server keeps answering', async () => {
    const history = new AsOfReadModels(
      harness.config,
      systemClock,
      { timeoutMs: 1 },
      scratchBuildWorkerFile(),
    );
    try {
      const error = await history.readStore(await moment(), live).then(
        () => null,
        (failure: unknown) => failure,
      );
      // Told to the caller as it is (a refusal, not a defect hidden behind the generic 500 text).
      expect(error).toBeInstanceOf(Unavailable);
      expect(toHttp(error as Unavailable)).toMatchObject({
        status: 503,
        body: { message: expect.stringMatching(/took longer than 1 ms to build and was stopped$/) },
      });
      await harness.http.get('/api/v1.0/alerts').set(auth()).expect(200);
    } finally {
      await history.onModuleDestroy();
    }
  });

  it('replays into a separate file while the server runs, leaving the live read models untouched', async () => {
    const t = await moment();
    // Recorded after t: the replay as of t must not see it.
    const later = alertOn('LAF-001', joinRequest('0004a30b001ca503', 9, BASE), { dev_nonce: 9 });
    await world.raise(later);
    const digest = readModelDigest(harness.config.databaseFile);
    const args = parseReplayArgs(['--until', t], harness.config.dataDir, new Date());
    if ('usage' in args) throw new Error(args.usage);
    if (args.mode !== 'as-of') throw new Error('--until builds into a separate file');
    expect(args.out).toBe(join(harness.config.dataDir, `replay-${t.replace(/[:.]/g, '-')}.db`));

    const result = await buildReadModelsAsOf({
      databaseFile: harness.config.databaseFile,
      until: args.until,
      outFile: args.out,
    });

    expect(readModelDigest(harness.config.databaseFile)).toBe(digest);
    expect(existsSync(args.out)).toBe(true);
    const scratch = SqliteReadStore.open(args.out);
    try {
      const replayed = await scratch.collection<AlertView>(ALERTS).find({});
      const liveAlerts = await live.collection<AlertView>(ALERTS).find({});
      expect(replayed.length).toBeGreaterThan(0);
      expect(replayed.some((alert) => alert.parameters.packet_id === later.packet.id)).toBe(false);
      expect(liveAlerts.some((alert) => alert.parameters.packet_id === later.packet.id)).toBe(true);
      expect(result.lastPosition).toBeGreaterThan(0);
    } finally {
      await scratch.close();
    }
    // The server still answers from its own read models.
    await harness.http.get('/api/v1.0/alerts').set(auth()).expect(200);
  });

  it('reads replay arguments: none rebuilds in place, --until defaults to now, a bad time is a usage error', () => {
    const now = new Date('2026-03-01T12:00:00.000Z');
    expect(parseReplayArgs([], '/data', now)).toEqual({ mode: 'in-place' });
    expect(parseReplayArgs(['--out', '/tmp/y.db'], '/data', now)).toEqual({
      mode: 'as-of',
      until: '2026-03-01T12:00:00.000Z',
      out: '/tmp/y.db',
    });
    expect(parseReplayArgs(['--until', '2026-03-01T12:00:00Z'], '/data', now)).toEqual({
      mode: 'as-of',
      until: '2026-03-01T12:00:00.000Z',
      out: '/data/replay-2026-03-01T12-00-00-000Z.db',
    });
    expect(parseReplayArgs(['--until', '2026-02-01T00:00:00Z', '--out', '/tmp/x.db'], '/data', now)).toEqual({
      mode: 'as-of',
      until: '2026-02-01T00:00:00.000Z',
      out: '/tmp/x.db',
    });
    expect(parseReplayArgs(['--until', 'soon'], '/data', now)).toHaveProperty('usage');
    expect(parseReplayArgs(['--out'], '/data', now)).toHaveProperty('usage');
  });
});
