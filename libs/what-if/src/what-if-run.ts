import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { AlertEventTypes } from '@lorawatch/alerts/alert.events';
import { DATA_SOURCES, type DataSourceView } from '@lorawatch/data-sources/projection/data-source.view';
import { DetectionRunner } from '@lorawatch/detection/detection-runner';
import { PolicyProvider } from '@lorawatch/detection/policy-provider';
import type { PolicyItem } from '@lorawatch/domain/policy';
import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import { Metrics } from '@lorawatch/ops/metrics';
import {
  isPacketRecord,
  type BatchHandler,
  type ConsumeOptions,
  type Consumer,
  type LogRecord,
  type PacketLog,
} from '@lorawatch/packet-log/packet-log.port';
import { POLICIES, type PolicyView } from '@lorawatch/policies/policy.view';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { openDatabase, type Database } from '@lorawatch/sqlite/open-database';
import { hasTable, LiveLogReader, openLiveReadOnly } from './live-log-reader';
import { compareAlerts, type RaisedAlert, type WhatIfResult } from './what-if-result';

/** What to try: a policy's items on the data sources in scope, over the packets stored for [from, to]. */
export interface WhatIfTask {
  /** The live SQLite file (opened read-only). */
  databaseFile: string;
  /** Where the scratch stores go; a folder `what-if` beside the live file by default. */
  scratchDir?: string;
  /** The organisation whose data sources are in scope; null: every organisation's (the command line's global policy). */
  organizationId: number | null;
  /** One data source only; null: every data source in scope. */
  dataSourceId: number | null;
  policy: { name: string; items: PolicyItem[] };
  /** ISO times, from < to. */
  from: string;
  to: string;
}

export interface WhatIfProgress {
  /** Records of the log read so far (those past the range of their partition count as read). */
  packetsRead: number;
  packetsTotal: number;
}

export interface WhatIfHooks {
  onProgress?: (progress: WhatIfProgress) => void;
  /** Stops the run between two chunks (a worker thread is ended instead). */
  signal?: AbortSignal;
}

export class WhatIfCancelled extends Error {
  constructor() {
    super('The what-if run was cancelled');
    this.name = 'WhatIfCancelled';
  }
}

/** Alerts raised outside the detector sagas (the weak-AppKey audit, its own runner): never replayed, never compared. */
export const NOT_REPLAYED_CODES: ReadonlySet<string> = new Set(['LAF-008', 'LAF-009']);

/** Records read from a partition at once. */
const READ_SIZE = 1000;
/** Records detected between two ticks (the silence detectors follow the event-time watermarks between chunks). */
const CHUNK_SIZE = 10_000;
/**
 * How far past `to` each partition is read: the watermarks trail the newest event time by the allowed lateness, so
 * silences due up to `to` are judged only once packets a little later have been detected.
 */
const READ_PAST_TO_MS = 5 * 60_000;
/** The policy id the scratch data sources are bound to. */
const SANDBOX_POLICY_ID = 0;

/**
 * Runs the detector sagas of the live detection runner (DetectionRunner itself) over the packets stored in the live
 * packet log, against scratch stores seeded with the data sources in scope bound to the policy tried, and compares
 * the alerts raised in [from, to] with those the live record holds for the same range and data sources.
 *
 * Every partition is read from its first stored record, so the sagas' state is warm when `from` comes (otherwise
 * every device would look new), and up to a little past `to`; the partitions are merged by event time, and the clock
 * detectors tick after every chunk on the watermarks of what was detected. The live file is opened read-only: no
 * event is appended to it, no offset of a consumer group moves, nothing is notified.
 */
export async function runWhatIf(task: WhatIfTask, hooks: WhatIfHooks = {}): Promise<WhatIfResult> {
  const from = new Date(task.from).toISOString();
  const to = new Date(task.to).toISOString();
  const fromMs = Date.parse(from);
  const toMs = Date.parse(to);
  if (!(fromMs < toMs)) throw new Error('from must be before to');
  const live = openLiveReadOnly(task.databaseFile);
  const folder = resolve(task.scratchDir ?? join(dirname(task.databaseFile), 'what-if'));
  const scratchFile = join(folder, `what-if-${randomUUID()}.db`);
  if (scratchFile === resolve(task.databaseFile)) throw new Error('The scratch store must be another file');
  let scratch: Database | null = null;
  let events: SqliteEventStore | null = null;
  let store: SqliteReadStore | null = null;
  try {
    const sources = await liveDataSources(live, task.organizationId, task.dataSourceId);
    const inScope = new Set(sources.map((source) => source.dataSourceId));
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    scratch = openDatabase(scratchFile);
    // A scratch store thrown away at the end: nothing to keep through a crash.
    scratch.pragma('synchronous = OFF');
    events = new SqliteEventStore(scratch);
    store = new SqliteReadStore(scratch);
    await seed(store, sources, task);
    const reader = new LiveLogReader(live);
    const fed = reader.endOffsets().map(() => 0);
    const runner = new DetectionRunner(
      new SandboxLog(fed),
      events,
      store,
      new PolicyProvider(store),
      new Metrics(),
      { tickIntervalMs: 0 },
    );
    const packets = await replay(reader, runner, fed, inScope, { fromMs, toMs }, hooks);
    const sandbox = raisedAlerts(scratch).filter(
      (alert) => inRange(alert.createdAt, fromMs, toMs) && !NOT_REPLAYED_CODES.has(alert.code),
    );
    const recorded = hasTable(live, 'events')
      ? raisedAlerts(live).filter(
          (alert) =>
            inScope.has(alert.dataSourceId) &&
            inRange(alert.createdAt, fromMs, toMs) &&
            !NOT_REPLAYED_CODES.has(alert.code),
        )
      : [];
    return compareAlerts({ from, to, packets }, sandbox, recorded);
  } finally {
    await events?.close();
    await store?.close();
    if (scratch?.open) scratch.close();
    for (const path of [scratchFile, `${scratchFile}-wal`, `${scratchFile}-shm`])
      rmSync(path, { force: true });
    live.close();
  }
}

/** The live data sources in scope, deleted ones too: their past packets were detected while they existed. */
async function liveDataSources(
  live: Database,
  organizationId: number | null,
  dataSourceId: number | null,
): Promise<DataSourceView[]> {
  if (!hasTable(live, `rs_${DATA_SOURCES.name}`) || !hasTable(live, 'read_checkpoints')) return [];
  // Read-only: the collection is declared without its indexes, which would be created otherwise.
  const store = new SqliteReadStore(live);
  try {
    const all = await store.collection<DataSourceView>({ name: DATA_SOURCES.name }).find({});
    return all.filter(
      (source) =>
        (organizationId === null || source.organizationId === organizationId) &&
        (dataSourceId === null || source.dataSourceId === dataSourceId),
    );
  } finally {
    await store.close();
  }
}

/** The scratch read models the detectors read: the data sources in scope, all bound to the policy tried. */
async function seed(store: SqliteReadStore, sources: DataSourceView[], task: WhatIfTask): Promise<void> {
  const policy: PolicyView = {
    id: String(SANDBOX_POLICY_ID),
    policyId: SANDBOX_POLICY_ID,
    organizationId: task.organizationId,
    name: task.policy.name,
    isDefault: false,
    items: task.policy.items,
  };
  store.collection(POLICIES);
  store.collection(DATA_SOURCES);
  await store.commit([
    { op: 'upsert', collection: POLICIES.name, doc: policy },
    ...sources.map((source) => ({
      op: 'upsert' as const,
      collection: DATA_SOURCES.name,
      doc: { ...source, policyId: SANDBOX_POLICY_ID, deleted: false },
    })),
  ]);
}

interface Partition {
  partition: number;
  next: number;
  end: number;
  buffer: LogRecord[];
  done: boolean;
}

/**
 * Feeds the in-scope records of every partition to the runner, merged by event time, from the first stored record
 * up to a little past `to`; ticks after every chunk. Returns how many in-scope packets are dated within the range.
 */
async function replay(
  reader: LiveLogReader,
  runner: DetectionRunner,
  fed: number[],
  inScope: ReadonlySet<number>,
  range: { fromMs: number; toMs: number },
  hooks: WhatIfHooks,
): Promise<number> {
  const stored = reader.stored();
  const stopAfter = range.toMs + READ_PAST_TO_MS;
  // The log as it stood when the run began: what is appended meanwhile is not read.
  const ends = reader.endOffsets();
  const partitions: Partition[] = fed.map((_, partition) => {
    const end = ends[partition] ?? 0;
    const first = stored.get(partition)?.first ?? end;
    return { partition, next: first, end, buffer: [], done: first >= end };
  });
  const progress: WhatIfProgress = {
    packetsRead: 0,
    packetsTotal: partitions.reduce((sum, p) => sum + (p.end - p.next), 0),
  };
  hooks.onProgress?.({ ...progress });
  let packetsInRange = 0;
  const head = (p: Partition): LogRecord | null => {
    if (p.done) return null;
    if (p.buffer.length === 0) {
      p.buffer = reader.read(p.partition, p.next, Math.min(READ_SIZE, p.end - p.next));
      if (p.buffer.length === 0) {
        p.done = true;
        return null;
      }
    }
    const record = p.buffer[0];
    if (eventTimeOf(record) > stopAfter) {
      // Past the range: the rest of the partition counts as read.
      progress.packetsRead += p.end - p.next;
      p.done = true;
      p.buffer = [];
      return null;
    }
    return record;
  };
  for (;;) {
    if (hooks.signal?.aborted) throw new WhatIfCancelled();
    const chunk: LogRecord[] = [];
    while (chunk.length < CHUNK_SIZE) {
      let earliest: Partition | null = null;
      let earliestTime = Infinity;
      for (const p of partitions) {
        const record = head(p);
        if (record === null) continue;
        const time = eventTimeOf(record);
        if (earliest === null || time < earliestTime) {
          earliest = p;
          earliestTime = time;
        }
      }
      if (earliest === null) break;
      const record = earliest.buffer.shift() as LogRecord;
      earliest.next = record.offset + 1;
      progress.packetsRead += 1;
      chunk.push(record);
    }
    if (chunk.length === 0) break;
    // One batch per partition and chunk, in offset order, as a consumer hands them (one commit each).
    const batches = new Map<number, LogRecord[]>();
    for (const record of chunk) {
      if (!inScope.has(dataSourceOf(record))) continue;
      if (isPacketRecord(record) && inRange(record.packet.date, range.fromMs, range.toMs))
        packetsInRange += 1;
      const batch = batches.get(record.partition);
      if (batch) batch.push(record);
      else batches.set(record.partition, [record]);
    }
    for (const [partition, batch] of batches) {
      await runner.detectBatch(batch, partition);
      fed[partition] = batch[batch.length - 1].offset + 1;
    }
    await runner.tick();
    hooks.onProgress?.({ ...progress });
  }
  progress.packetsRead = progress.packetsTotal;
  hooks.onProgress?.({ ...progress });
  return packetsInRange;
}

function eventTimeOf(record: LogRecord): number {
  const time = Date.parse(isPacketRecord(record) ? record.packet.date : record.heartbeat.at);
  return Number.isNaN(time) ? -Infinity : time;
}

function dataSourceOf(record: LogRecord): number {
  return isPacketRecord(record) ? record.packet.dataSourceId : record.heartbeat.dataSourceId;
}

function inRange(at: string, fromMs: number, toMs: number): boolean {
  const time = Date.parse(at);
  return time >= fromMs && time <= toMs;
}

/** Every AlertRaised event of an embedded store's file, read straight from its table. */
function raisedAlerts(db: Database): RaisedAlert[] {
  return db
    .prepare<[string], { data: string }>('SELECT data FROM events WHERE type = ? ORDER BY position')
    .all(AlertEventTypes.Raised)
    .map((row) => JSON.parse(row.data) as RaisedAlert);
}

/**
 * The packet log as the sandbox's runner sees it: the end of each partition is what was fed so far, so its ticks
 * judge the partitions caught up, as a live runner keeping pace does. The sandbox reads the live log itself; the
 * runner never reads, appends or consumes through this.
 */
class SandboxLog implements PacketLog {
  readonly partitions: number;

  constructor(private readonly fed: number[]) {
    this.partitions = fed.length;
  }

  partitionFor(): number {
    throw unused();
  }
  append(): Promise<never> {
    return Promise.reject(unused());
  }
  read(): Promise<never> {
    return Promise.reject(unused());
  }
  async endOffsets(): Promise<number[]> {
    return [...this.fed];
  }
  async committedOffsets(): Promise<number[]> {
    return [...this.fed];
  }
  commit(): Promise<never> {
    return Promise.reject(unused());
  }
  consume(_options: ConsumeOptions, _handler: BatchHandler): Consumer {
    throw unused();
  }
  async getById(): Promise<null> {
    return null;
  }
  prune(): Promise<never> {
    return Promise.reject(unused());
  }
  async close(): Promise<void> {}
}

const unused = () => new Error('The what-if sandbox feeds its runner itself');
