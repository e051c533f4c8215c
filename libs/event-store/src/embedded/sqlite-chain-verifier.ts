import BetterSqlite3 from 'better-sqlite3';
import { existsSync } from 'node:fs';
import type { Database } from '@lorawatch/sqlite/open-database';
import { chainHash, genesisHash, type ChainVerification } from '../chain/event-chain';
import { readGenesis } from './event-chain-schema';
import type { EventRow } from './event-rows';

/** The store was never opened by a version that chains its events: there is nothing to verify. */
export class NoEventChainError extends Error {
  constructor() {
    super(
      'This event store has no chain yet: start the server (or open the store) once so that it starts one.',
    );
    this.name = 'NoEventChainError';
  }
}

/**
 * Walks the chain of an embedded store from its genesis to its head, recomputing every hash from the stored
 * content. Synchronous and proportional to the number of chained events: run it in a worker thread or in a
 * separate process, never on a server's event loop.
 */
export function verifySqliteChain(db: Database): ChainVerification {
  const genesis = readGenesis(db);
  if (!genesis) throw new NoEventChainError();
  const beforeChain =
    db
      .prepare<[number], { count: number }>('SELECT COUNT(*) AS count FROM events WHERE position <= ?')
      .get(genesis.position)?.count ?? 0;
  const rows = db
    .prepare<[number], EventRow>('SELECT * FROM events WHERE position > ? ORDER BY position')
    .iterate(genesis.position);
  let previous = genesis.hash;
  let expected = genesis.position + 1;
  let checked = 0;
  const bad = (position: number, reason: string): ChainVerification => ({
    ok: false,
    firstBadPosition: position,
    reason,
    headPosition: expected - 1,
    headHash: previous,
    genesis,
    beforeChain,
    checked,
  });
  if (genesisHash(genesis.position, genesis.startedAt, genesis.reason) !== genesis.hash) {
    rows.return?.();
    return bad(genesis.position, "the chain's start record does not match its hash");
  }
  for (const row of rows) {
    if (row.position !== expected) {
      rows.return?.();
      return bad(expected, `position ${expected} is missing`);
    }
    const problem = mismatch(row, previous);
    if (problem !== null) {
      rows.return?.();
      return bad(row.position, problem);
    }
    previous = row.hash as string;
    expected += 1;
    checked += 1;
  }
  return { ok: true, headPosition: expected - 1, headHash: previous, genesis, beforeChain, checked };
}

/** Why a row does not continue the chain after `previous`, or null when it does. */
function mismatch(row: EventRow, previous: string): string | null {
  if (row.hash === null) return 'the event has no hash';
  let data: unknown;
  let metadata: unknown;
  try {
    data = JSON.parse(row.data);
    metadata = JSON.parse(row.metadata);
  } catch {
    return 'the stored data or metadata is not valid JSON';
  }
  const computed = chainHash(previous, {
    position: row.position,
    streamId: row.stream_id,
    revision: row.revision,
    eventId: row.event_id,
    type: row.type,
    data,
    metadata,
    recordedAt: row.recorded_at,
  });
  return computed === row.hash ? null : 'the stored hash does not match the event and the hash before it';
}

/** There is no store file where one was expected. */
export class NoEventStoreFileError extends Error {
  constructor(readonly file: string) {
    super(`There is no embedded store at ${file}: set DATA_DIR or pass --data-dir.`);
    this.name = 'NoEventStoreFileError';
  }
}

/** Opens the store's file on its own connection (it may be in use by a server meanwhile), verifies, closes. */
export function verifySqliteChainFile(file: string): ChainVerification {
  if (!existsSync(file)) throw new NoEventStoreFileError(file);
  const db = new BetterSqlite3(file, { fileMustExist: true });
  try {
    // Readers never wait in WAL mode; the timeout covers a checkpoint that holds the file briefly.
    db.pragma('busy_timeout = 5000');
    return db.transaction(() => verifySqliteChain(db))();
  } finally {
    db.close();
  }
}
