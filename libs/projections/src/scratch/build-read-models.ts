import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { UpcasterRegistry } from '@lorawatch/event-store/upcasting/upcaster-registry';
import { UpcastingEventStore } from '@lorawatch/event-store/upcasting/upcasting-event-store';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { openDatabase } from '@lorawatch/sqlite/open-database';
import type { Projection } from '../projection';
import { ProjectionRunner } from '../projection-runner';
import { FrozenEventStore, historyBounds, openEventsReadOnly } from './frozen-event-store';

/** What to build: every read model from the events of `databaseFile` recorded up to `until`, into `outFile`. */
export interface ScratchBuildTask {
  databaseFile: string;
  /** ISO time. */
  until: string;
  /** A new SQLite file; never the live one. */
  outFile: string;
}

export interface ScratchBuildResult {
  outFile: string;
  until: string;
  /** The last event position the read models reflect. */
  lastPosition: number;
  seconds: number;
}

/** The time asked for lies outside the recorded history (before its first event, or the store is empty). */
export class OutsideHistoryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutsideHistoryError';
  }
}

/** Checkpoint name under which a scratch file records the position it was built up to. */
export const SCRATCH_POSITION = 'scratch:last-position';

/** What a build runs: the product's projections and upcasters, which only the process knows. */
export interface ReadModelsOfProduct {
  /** In the order the runner starts them. */
  projections: Projection[];
  upcasters: UpcasterRegistry;
}

/**
 * Builds the read models of `product` as they stood at `until` into a new file, from the live store opened
 * read-only: the live file and its read models are never written, so this runs beside a running server. The
 * projections run exactly as the live projector runs them, on events (upcast as the live store upcasts them) that
 * stop at the last position recorded by then. `onProgress` hears of the highest position applied so far.
 */
export async function buildReadModels(
  task: ScratchBuildTask,
  product: ReadModelsOfProduct,
  onProgress?: (applied: number, lastPosition: number) => void,
): Promise<ScratchBuildResult> {
  const started = process.hrtime.bigint();
  if (resolve(task.outFile) === resolve(task.databaseFile))
    throw new Error('The output must be another file than the live store');
  if (existsSync(task.outFile)) throw new Error(`${task.outFile} already exists`);
  const source = openEventsReadOnly(task.databaseFile);
  try {
    const { firstEventAt, lastPosition } = historyBounds(source, task.until);
    if (firstEventAt === null) throw new OutsideHistoryError('The event store holds no events yet');
    if (Date.parse(task.until) < Date.parse(firstEventAt))
      throw new OutsideHistoryError(`The history starts at ${firstEventAt}: pick a time after it`);
    // A projection that fails on the history fails the build at once (the live runner would retry it forever).
    let failed: (error: unknown) => void = () => undefined;
    const failure = new Promise<never>((_resolve, reject) => (failed = reject));
    failure.catch(() => undefined);
    const frozen = new FrozenEventStore(source, lastPosition, (error) => failed(error));
    const events = new UpcastingEventStore(frozen, product.upcasters);
    const target = openDatabase(task.outFile);
    const store = new SqliteReadStore(target);
    try {
      const runner = new ProjectionRunner(events, store, product.projections);
      let applied = 0;
      const progress = runner.updates$.subscribe((update) => {
        if (update.event.position <= applied) return;
        applied = update.event.position;
        onProgress?.(applied, lastPosition);
      });
      try {
        await runner.start();
        await Promise.race([runner.caughtUp(), failure]);
      } finally {
        progress.unsubscribe();
        await runner.stop();
      }
      await store.commit([], { name: SCRATCH_POSITION, position: lastPosition });
    } catch (error) {
      await store.close();
      target.close();
      removeDatabaseFile(task.outFile);
      throw error;
    }
    await store.close();
    target.close();
    await events.close();
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    return { outFile: task.outFile, until: new Date(task.until).toISOString(), lastPosition, seconds };
  } finally {
    source.close();
  }
}

/** Removes a SQLite file and its WAL companions. */
export function removeDatabaseFile(file: string): void {
  for (const path of [file, `${file}-wal`, `${file}-shm`]) rmSync(path, { force: true });
}
