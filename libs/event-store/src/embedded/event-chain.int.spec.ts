import BetterSqlite3 from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { EventMetadata } from '@lorawatch/domain/event-envelope';
import { openDatabase } from '@lorawatch/sqlite/open-database';
import { createTempSqliteFile, type TempSqliteFile } from '@lorawatch/sqlite/testing/temp-sqlite-file';
import { canonicalJson, chainHash, genesisHash } from '../chain/event-chain';
import type { NewEvent } from '../event-store.port';
import { verifySqliteChain, verifySqliteChainFile } from './sqlite-chain-verifier';
import { SqliteEventStore } from './sqlite-event-store';

const run = promisify(execFile);
const ROOT = join(__dirname, '../../../..');

const metadata: EventMetadata = {
  organizationId: 1,
  actor: 'system',
  correlationId: 'c',
  causationId: null,
  occurredAt: '2026-01-01T00:00:00.000Z',
  schemaVersion: 1,
};

const event = (id: string, data: unknown): NewEvent => ({ id, type: 'CounterMoved', data, metadata });

/** `npm run audit:verify` from the sources, on the store in `dataDir`. */
async function auditVerify(dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'apps/tools/audit-verify.ts'), '--data-dir', dataDir],
      { cwd: ROOT, env: { ...process.env, EVENT_STORE_URL: '', KURRENTDB_URL: '' } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('the tamper-evident event record (embedded store)', () => {
  let temp: TempSqliteFile;

  beforeEach(() => {
    temp = createTempSqliteFile('event-chain');
  });

  afterEach(() => temp.remove());

  async function filledStore(): Promise<void> {
    const store = SqliteEventStore.open(temp.file);
    await store.append(
      'counter-1',
      [event('e1', { count: 1, note: 'first' }), event('e2', { count: 2 })],
      'no_stream',
    );
    await store.append('counter-2', [event('e3', { nested: { b: 1, a: [1, 'two', null] } })], 'any');
    await store.append('counter-1', [event('e4', { count: 3 })], 1);
    await store.close();
  }

  it('chains every appended event to the one before it, from a genesis at position 0 for a new store', async () => {
    await filledStore();
    const db = new BetterSqlite3(temp.file);
    const genesis = db.prepare('SELECT position, started_at, reason, hash FROM event_chain').get() as {
      position: number;
      started_at: string;
      reason: string;
      hash: string;
    };
    expect(genesis).toMatchObject({ position: 0, reason: 'new store' });
    expect(genesis.hash).toBe(genesisHash(0, genesis.started_at, 'new store'));
    const rows = db.prepare('SELECT * FROM events ORDER BY position').all() as Array<{
      position: number;
      stream_id: string;
      revision: number;
      event_id: string;
      type: string;
      data: string;
      metadata: string;
      recorded_at: string;
      hash: string;
    }>;
    db.close();
    expect(rows.map((row) => row.position)).toEqual([1, 2, 3, 4]);
    let previous = genesis.hash;
    for (const row of rows) {
      const expected = chainHash(previous, {
        position: row.position,
        streamId: row.stream_id,
        revision: row.revision,
        eventId: row.event_id,
        type: row.type,
        data: JSON.parse(row.data),
        metadata: JSON.parse(row.metadata),
        recordedAt: row.recorded_at,
      });
      expect(row.hash).toBe(expected);
      previous = row.hash;
    }

    const verified = verifySqliteChainFile(temp.file);
    expect(verified).toMatchObject({
      ok: true,
      headPosition: 4,
      headHash: previous,
      checked: 4,
      beforeChain: 0,
    });
  });

  it('audit:verify exits 0 with the head position and hash, and 1 naming the position whose data lost one byte', async () => {
    await filledStore();
    const intact = await auditVerify(dirname(temp.file));
    expect(intact.code).toBe(0);
    const head = verifySqliteChainFile(temp.file);
    expect(intact.stdout).toContain('Head position 4');
    expect(intact.stdout).toContain(`Head hash ${head.headHash}`);

    // One byte of event 3's stored data changed behind the store's back: "two" becomes "twO".
    const db = new BetterSqlite3(temp.file);
    const { data } = db.prepare('SELECT data FROM events WHERE position = 3').get() as { data: string };
    const index = data.indexOf('two') + 2;
    const tampered = data.slice(0, index) + 'O' + data.slice(index + 1);
    expect(tampered).not.toBe(data);
    expect(tampered.length).toBe(data.length);
    db.prepare('UPDATE events SET data = ? WHERE position = 3').run(tampered);
    db.close();

    const altered = await auditVerify(dirname(temp.file));
    expect(altered.code).toBe(1);
    expect(altered.stdout).toContain('position 3 does not match');
    expect(altered.stdout).toContain('The chain holds up to position 2');
  }, 60_000);

  it('names a deleted event as the first position that does not match', async () => {
    await filledStore();
    const db = new BetterSqlite3(temp.file);
    db.prepare('DELETE FROM events WHERE position = 2').run();
    db.close();
    expect(verifySqliteChainFile(temp.file)).toMatchObject({
      ok: false,
      firstBadPosition: 2,
      headPosition: 1,
    });
  });

  it('names a stored hash recomputed without its predecessor (a rewritten event whose hash was refreshed)', async () => {
    await filledStore();
    const db = new BetterSqlite3(temp.file);
    const row = db.prepare('SELECT * FROM events WHERE position = 2').get() as {
      stream_id: string;
      revision: number;
      event_id: string;
      type: string;
      metadata: string;
      recorded_at: string;
    };
    const forged = { count: 200 };
    // The forger recomputes event 2's hash correctly; event 3, chained to the old hash, now fails.
    const previous = (db.prepare('SELECT hash FROM events WHERE position = 1').get() as { hash: string })
      .hash;
    const hash = chainHash(previous, {
      position: 2,
      streamId: row.stream_id,
      revision: row.revision,
      eventId: row.event_id,
      type: row.type,
      data: forged,
      metadata: JSON.parse(row.metadata),
      recordedAt: row.recorded_at,
    });
    db.prepare('UPDATE events SET data = ?, hash = ? WHERE position = 2').run(JSON.stringify(forged), hash);
    db.close();
    expect(verifySqliteChainFile(temp.file)).toMatchObject({ ok: false, firstBadPosition: 3 });
  });

  it('keeps one chain across connections appending to the same file', async () => {
    const first = SqliteEventStore.open(temp.file);
    const second = SqliteEventStore.open(temp.file);
    await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => first.append(`a-${i % 3}`, [event(`a${i}`, { i })], 'any')),
      ...Array.from({ length: 20 }, (_, i) => second.append(`b-${i % 3}`, [event(`b${i}`, { i })], 'any')),
    ]);
    await first.close();
    await second.close();
    expect(verifySqliteChainFile(temp.file)).toMatchObject({ ok: true, headPosition: 40, checked: 40 });
  });

  it('migrates a store recorded without hashes: the chain starts at its head, earlier events are before the chain', async () => {
    // A store as an earlier version wrote it: the events table without the hash column, and no chain table.
    const old = openDatabase(temp.file);
    old.exec(`CREATE TABLE events (
      position INTEGER PRIMARY KEY AUTOINCREMENT, stream_id TEXT NOT NULL, revision INTEGER NOT NULL,
      event_id TEXT NOT NULL UNIQUE, type TEXT NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL,
      recorded_at TEXT NOT NULL, UNIQUE (stream_id, revision))`);
    const insert = old.prepare(
      `INSERT INTO events (stream_id, revision, event_id, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    for (let revision = 0; revision < 3; revision++)
      insert.run(
        'old',
        revision,
        `old-${revision}`,
        'CounterMoved',
        '{"count":1}',
        JSON.stringify(metadata),
        '2025-01-01T00:00:00.000Z',
      );
    old.close();

    const migratedAt = new Date('2026-11-26T10:00:00.000Z');
    const store = SqliteEventStore.open(temp.file, { now: () => migratedAt });
    expect(store.genesis).toMatchObject({
      position: 3,
      startedAt: migratedAt.toISOString(),
      reason: 'migration',
    });
    const result = await store.append('old', [event('new-1', { count: 2 })], 2);
    expect(result).toEqual({ nextExpectedRevision: 3, position: 4 });
    expect((await store.readStream('old')).map((recorded) => recorded.id)).toEqual([
      'old-0',
      'old-1',
      'old-2',
      'new-1',
    ]);
    await store.close();

    // Opening again does not start a second chain.
    const reopened = SqliteEventStore.open(temp.file);
    expect(reopened.genesis.position).toBe(3);
    await reopened.close();

    const verified = verifySqliteChainFile(temp.file);
    expect(verified).toMatchObject({ ok: true, headPosition: 4, beforeChain: 3, checked: 1 });
    const printed = await auditVerify(dirname(temp.file));
    expect(printed.code).toBe(0);
    expect(printed.stdout).toContain(
      'Chain started at position 3 on 2026-11-26T10:00:00.000Z (when the store was migrated).',
    );
    expect(printed.stdout).toContain('3 events were recorded before the chain');

    // Events before the chain are not covered: changing one is not reported.
    const db = new BetterSqlite3(temp.file);
    db.prepare(`UPDATE events SET data = '{"count":9}' WHERE position = 1`).run();
    expect(verifySqliteChain(db)).toMatchObject({ ok: true, beforeChain: 3 });
    // Moving the chain's start to hide an event breaks the genesis link.
    db.prepare('UPDATE event_chain SET position = 4').run();
    db.close();
    expect(verifySqliteChainFile(temp.file)).toMatchObject({ ok: false, firstBadPosition: 4 });
  }, 60_000);

  it('hashes data and metadata as canonical JSON (key order and a JSON round trip do not change it)', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 0, y: 1 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,{"y":1,"z":0}]},"b":1}',
    );
    const value = { when: new Date('2026-01-01T00:00:00Z'), skipped: undefined, n: 1 };
    expect(canonicalJson(value)).toBe(canonicalJson(JSON.parse(JSON.stringify(value))));
  });
});
