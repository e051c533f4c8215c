import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable, Logger, Optional, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@lorawatch/config/app-config';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { Invalid, Unavailable } from '@lorawatch/platform/domain-errors';
import { durationText } from '@lorawatch/platform/duration-text';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { openDatabase } from '@lorawatch/sqlite/open-database';
import { checkAsOf } from './as-of-time';
import { removeDatabaseFile } from './build-read-models';
import { SCRATCH_BUILD_WORKER, ScratchBuildPool } from './scratch-build-pool';

/** Limits of the scratch builds behind `as_of`. */
export interface AsOfLimits {
  /** A build running longer is stopped and answered 503 (default 120 s). */
  timeoutMs: number;
  /** Read models kept for the most recently asked times (default 4). */
  cacheEntries: number;
  /** Heap a build thread may use (default 512 MB). */
  maxHeapMb: number;
}

export const AS_OF_LIMITS = Symbol('AS_OF_LIMITS');

const DEFAULT_LIMITS: AsOfLimits = { timeoutMs: 120_000, cacheEntries: 4, maxHeapMb: 512 };

interface ScratchReadModels {
  store: SqliteReadStore;
  file: string;
  lastPosition: number;
}

const badRequest = (text: string) => new Invalid(text);
const unavailable = (text: string) => new Unavailable(text);

/**
 * The read models as they stood at a past time, for the read endpoints' `as_of`: built from the events recorded
 * up to that time into a scratch SQLite file in DATA_DIR/as-of, in a worker thread, never touching the live read
 * models. The last few times asked are kept (least recently used goes first); a request for a time whose build is
 * running waits for that build instead of starting another. A build that runs out of time or memory is stopped
 * and answered 503; the server goes on.
 */
@Injectable()
export class AsOfReadModels implements OnModuleDestroy {
  private readonly logger = new Logger('History');
  private readonly limits: AsOfLimits;
  private readonly pool: ScratchBuildPool;
  private readonly cache = new Map<string, Promise<ScratchReadModels>>();
  private readonly folder: string;
  private swept = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Optional() @Inject(AS_OF_LIMITS) limits?: Partial<AsOfLimits>,
    @Optional() @Inject(SCRATCH_BUILD_WORKER) workerFile?: string,
  ) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
    this.pool = new ScratchBuildPool({ workerFile, maxHeapMb: this.limits.maxHeapMb });
    this.folder = join(config.dataDir, 'as-of');
  }

  /**
   * The read store to answer from: the live one without `as_of`, else the one built for that time. Throws 400 for
   * an `as_of` that is not a time, in the future or before the first event, 503 when it cannot be built.
   */
  async readStore(asOf: string | undefined, live: ReadStore): Promise<ReadStore> {
    if (asOf === undefined || asOf === '') return live;
    const checked = checkAsOf(asOf, this.clock.now());
    if ('rejected' in checked) throw badRequest(checked.rejected);
    if (this.config.engines.eventStore)
      throw unavailable('as_of needs the embedded event store: the events are kept on a KurrentDB server');
    const models = await this.readModelsAt(checked.at);
    return models.store;
  }

  /**
   * The moment `as_of` names (UTC ISO), or undefined without one: for read models kept by time buckets rather than
   * built from events (the traffic counters), which answer as at that moment by ending their window there.
   */
  moment(asOf: string | undefined): string | undefined {
    if (asOf === undefined || asOf === '') return undefined;
    const checked = checkAsOf(asOf, this.clock.now());
    if ('rejected' in checked) throw badRequest(checked.rejected);
    return checked.at;
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.close();
    const entries = [...this.cache.values()];
    this.cache.clear();
    for (const entry of entries) {
      const models = await entry.catch(() => null);
      if (models) await this.discard(models);
    }
  }

  private readModelsAt(at: string): Promise<ScratchReadModels> {
    const cached = this.cache.get(at);
    if (cached) {
      // Most recently used last: eviction takes the first.
      this.cache.delete(at);
      this.cache.set(at, cached);
      return cached;
    }
    const building = this.build(at);
    this.cache.set(at, building);
    building.catch(() => {
      if (this.cache.get(at) === building) this.cache.delete(at);
    });
    this.evictBeyondLimit();
    return building;
  }

  private async build(at: string): Promise<ScratchReadModels> {
    mkdirSync(this.folder, { recursive: true, mode: 0o700 });
    this.sweepLeftovers();
    const file = join(this.folder, `as-of-${at.replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.db`);
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), this.limits.timeoutMs);
    let outcome;
    try {
      outcome = await this.pool.build(
        { databaseFile: this.config.databaseFile, until: at, outFile: file },
        stop.signal,
      );
    } catch (error) {
      removeDatabaseFile(file);
      if (stop.signal.aborted) {
        const limit = durationText(this.limits.timeoutMs);
        this.logger.warn(`The read models as of ${at} were not built within ${limit}: the build was stopped`);
        throw unavailable(`The history as of ${at} took longer than ${limit} to build and was stopped`);
      }
      this.logger.warn(`The read models as of ${at} could not be built: ${String(error)}`);
      throw unavailable(`The history as of ${at} could not be built: ${describe(error)}`);
    } finally {
      clearTimeout(timer);
    }
    if ('outside' in outcome) throw badRequest(`as_of is outside the recorded history: ${outcome.outside}`);
    if ('failure' in outcome)
      throw unavailable(`The history as of ${at} could not be built: ${outcome.failure}`);
    const store = new SqliteReadStore(openDatabase(file), { ownsDatabase: true });
    return { store, file, lastPosition: outcome.built.lastPosition };
  }

  /**
   * Scratch files a server left behind when it stopped without closing (a crash): those older than a day, once per
   * start. Younger ones may belong to another API process on the same DATA_DIR.
   */
  private sweepLeftovers(): void {
    if (this.swept) return;
    this.swept = true;
    const dayAgo = Date.now() - 86_400_000;
    for (const name of readdirSync(this.folder)) {
      if (!name.startsWith('as-of-')) continue;
      const file = join(this.folder, name);
      try {
        if (statSync(file).mtimeMs < dayAgo) removeDatabaseFile(file);
      } catch {
        // Removed by another process meanwhile.
      }
    }
  }

  /** Drops the least recently used read models beyond the limit once their build is over. */
  private evictBeyondLimit(): void {
    while (this.cache.size > this.limits.cacheEntries) {
      const [oldestKey, oldest] = this.cache.entries().next().value as [string, Promise<ScratchReadModels>];
      this.cache.delete(oldestKey);
      oldest.then(
        (models) => this.discard(models),
        () => undefined,
      );
    }
  }

  private async discard(models: ScratchReadModels): Promise<void> {
    await models.store.close();
    removeDatabaseFile(models.file);
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'it ran out of memory' : error.message;
  }
  return String(error);
}
