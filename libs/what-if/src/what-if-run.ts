import { AlertEventTypes } from '@lorawatch/alerts/alert.events';
import { DATA_SOURCES, type DataSourceView } from '@lorawatch/data-sources/projection/data-source.view';
import { DetectionRunner } from '@lorawatch/detection/detection-runner';
import { PolicyProvider } from '@lorawatch/detection/policy-provider';
import { silenceMoment } from '@lorawatch/detection/silence-watch';
import { ALLOWED_LATENESS_SECONDS } from '@lorawatch/detectors/watermark';
import { PolicyView as PolicyRules, type PolicyItem } from '@lorawatch/domain/policy';
import type { NewEvent } from '@lorawatch/event-store/event-store.port';
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
import { MemoryReadStore } from '@lorawatch/read-store/memory/memory-read-store';
import type { CheckpointMark, WriteOp } from '@lorawatch/read-store/read-store.port';
import type { Database } from '@lorawatch/sqlite/open-database';
import { hasTable, LiveLogReader, openLiveReadOnly } from './live-log-reader';
import { SandboxEventStore } from './sandbox-event-store';
import { SilenceDeadlines } from './silence-deadlines';
import { compareAlerts, type RaisedAlert, type WhatIfResult } from './what-if-result';

/** What to try: a policy's items on the data sources in scope, over the packets stored for [from, to]. */
export interface WhatIfTask {
  /** The live SQLite file (opened read-only). */
  databaseFile: string;
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
  /** Stops the run between two batches (a worker thread is ended instead). */
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
const READ_SIZE = 5000;
/** Records detected in one batch at most (a partition's share of it goes to the runner at once). */
const BATCH_SIZE = 5000;
/** Records between two progress reports (and checks of the signal). */
const PROGRESS_EVERY = 10_000;
const LATENESS_MS = ALLOWED_LATENESS_SECONDS * 1000;
/** The live runner's tick interval (DETECTOR_TICK_SECONDS, 60 by default), on the network's time here. */
const TICK_MS = 60_000;
/**
 * How far past `to` each partition is read: the watermarks trail the newest event time by the allowed lateness, so
 * silences due up to `to` are judged only once packets a little later have been detected.
 */
const READ_PAST_TO_MS = 5 * 60_000;
/** The policy id the scratch data sources are bound to. */
const SANDBOX_POLICY_ID = 0;

/**
 * Runs the detector sagas of the live detection runner (DetectionRunner itself) over the packets stored in the live
 * packet log, against scratch stores in memory seeded with the data sources in scope bound to the policy tried, and
 * compares the alerts raised in [from, to] with those the live record holds for the same range and data sources.
 *
 * Every partition is read from its first stored record, so the sagas' state is warm when `from` comes (otherwise
 * every device would look new), and up to a little past `to`; the partitions are merged by event time. The clock
 * detectors tick on the event-time rule of the live runner (see `replay`). The live file is opened read-only: no
 * event is appended to it, no offset of a consumer group moves, nothing is notified.
 */
export async function runWhatIf(task: WhatIfTask, hooks: WhatIfHooks = {}): Promise<WhatIfResult> {
  const from = new Date(task.from).toISOString();
  const to = new Date(task.to).toISOString();
  const fromMs = Date.parse(from);
  const toMs = Date.parse(to);
  if (!(fromMs < toMs)) throw new Error('from must be before to');
  const live = openLiveReadOnly(task.databaseFile);
  try {
    const sources = await liveDataSources(live, task.organizationId, task.dataSourceId);
    const inScope = new Set(sources.map((source) => source.dataSourceId));
    const compared = (alert: RaisedAlert) =>
      inRange(alert.createdAt, fromMs, toMs) && !NOT_REPLAYED_CODES.has(alert.code);
    // Only the alerts compared are kept; the sandbox reads no clock, so they are recorded at `to`.
    const events = new SandboxEventStore(
      (event: NewEvent) => event.type === AlertEventTypes.Raised && compared(event.data as RaisedAlert),
      to,
    );
    const deadlines = new SilenceDeadlines();
    const reader = new LiveLogReader(live);
    const partitionCount = reader.endOffsets().length;
    const metrics = new Metrics();
    // One runner per data source: their states never meet (every key is scoped by data source), and a tick then
    // reads the watches and watermarks of the data source that has something due only.
    const sandboxes = new Map<number, Sandbox>();
    for (const source of sources) {
      const store = new SandboxReadStore(deadlines);
      await seed(store, [source], task);
      const fed = Array.from({ length: partitionCount }, () => 0);
      const runner = new DetectionRunner(
        new SandboxLog(fed),
        events,
        store,
        new PolicyProvider(store),
        metrics,
        {
          tickIntervalMs: 0,
        },
      );
      sandboxes.set(source.dataSourceId, {
        dataSourceId: source.dataSourceId,
        runner,
        fed,
        clock: new SourceClock(),
        batch: [],
        oldestWaiting: Infinity,
        tickedAt: -Infinity,
      });
    }
    // No silence deadline comes sooner after an asset's packet than the shortest silence the policy allows.
    const rules = new PolicyRules(task.policy.items);
    const shortestSilenceMs =
      Math.max(
        0,
        Math.min(
          rules.parameter('LAF-401', 'min_activity_period'),
          rules.parameter('LAF-403', 'min_activity_period'),
        ),
      ) * 1000;
    const packets = await replay(reader, sandboxes, deadlines, shortestSilenceMs, { fromMs, toMs }, hooks);
    const sandbox = (await events.readAll()).map((event) => event.data as RaisedAlert);
    const recorded = hasTable(live, 'events')
      ? raisedAlerts(live).filter((alert) => inScope.has(alert.dataSourceId) && compared(alert))
      : [];
    return compareAlerts({ from, to, packets }, sandbox, recorded);
  } finally {
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
async function seed(store: MemoryReadStore, sources: DataSourceView[], task: WhatIfTask): Promise<void> {
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

/** The sandbox's read models, in memory, telling `deadlines` of every silence watch the runner commits. */
class SandboxReadStore extends MemoryReadStore {
  constructor(private readonly deadlines: SilenceDeadlines) {
    super();
  }

  override async commit(
    ops: WriteOp[],
    checkpoint?: CheckpointMark | readonly CheckpointMark[],
  ): Promise<void> {
    await super.commit(ops, checkpoint);
    this.deadlines.observe(ops);
  }
}

/** One partition of the live log as the merge reads it: a page of records and their event times. */
interface Partition {
  partition: number;
  next: number;
  end: number;
  page: LogRecord[];
  times: number[];
  at: number;
  done: boolean;
}

/**
 * What the detection runner's tick will take as a data source's watermark, followed record by record as the
 * sandbox feeds them (storedWatermarks in libs/detection, with every partition caught up, which the sandbox's
 * partitions always are at a tick): the latest event time detected less the allowed lateness, moved on by the
 * collector's clock when a heartbeat is newer than every packet (the idle rule).
 */
class SourceClock {
  private latestEvent = -Infinity;
  private latestReceived = -Infinity;
  private heartbeat = -Infinity;

  see(record: LogRecord): void {
    if (isPacketRecord(record)) {
      this.latestEvent = Math.max(this.latestEvent, Date.parse(record.packet.date));
      this.latestReceived = Math.max(this.latestReceived, Date.parse(record.packet.receivedAt));
    } else this.heartbeat = Math.max(this.heartbeat, Date.parse(record.heartbeat.at));
  }

  /** -Infinity before the first packet: a data source without packets is not ticked. */
  watermark(): number {
    if (this.latestEvent === -Infinity) return -Infinity;
    const idle = this.heartbeat > this.latestReceived ? this.heartbeat - this.latestReceived : 0;
    return this.latestEvent + idle - LATENESS_MS;
  }
}

/** The detection runner of one data source in scope, and what the replay keeps for it. */
interface Sandbox {
  dataSourceId: number;
  runner: DetectionRunner;
  /** Per partition, the offset after the last record fed (the end of the runner's SandboxLog). */
  fed: number[];
  clock: SourceClock;
  /** Records waiting to be detected, in the merged order. */
  batch: LogRecord[];
  /** The earliest event time among them; Infinity when none wait. */
  oldestWaiting: number;
  /** The watermark at the runner's last tick: a tick that left a deadline due is not repeated before it moves. */
  tickedAt: number;
}

/**
 * Feeds the in-scope records of every partition to the runners, merged by event time, from the first stored record
 * up to a little past `to`. Returns how many in-scope packets are dated within the range.
 *
 * Ticks follow the network's time as the live runner's do, never a count of records: the live runner ticks every
 * minute (DETECTOR_TICK_SECONDS), which on paced traffic is a minute of event time, and judges every silence whose
 * deadline its watermark has reached (docs/architecture.md §9). The replay ticks on the same minute grid of event
 * time: when a record reaches the next minute, a data source whose watermark (SourceClock) has reached the minute at
 * which the earliest deadline of its silence watches (SilenceDeadlines) is judged has the records before it detected,
 * then is ticked. A minute
 * with nothing due is not ticked, which changes nothing: such a tick judges no asset. So a silence is judged at the
 * same minute as live, before the asset's next packet is detected, whatever the size of the batches (see `tick` for
 * how long records wait).
 */
async function replay(
  reader: LiveLogReader,
  sandboxes: ReadonlyMap<number, Sandbox>,
  deadlines: SilenceDeadlines,
  shortestSilenceMs: number,
  range: { fromMs: number; toMs: number },
  hooks: WhatIfHooks,
): Promise<number> {
  const stored = reader.stored();
  const stopAfter = range.toMs + READ_PAST_TO_MS;
  // The log as it stood when the run began: what is appended meanwhile is not read.
  const ends = reader.endOffsets();
  const partitions: Partition[] = ends.map((end, partition) => {
    const first = stored.get(partition)?.first ?? end;
    return { partition, next: first, end, page: [], times: [], at: 0, done: first >= end };
  });
  const progress: WhatIfProgress = {
    packetsRead: 0,
    packetsTotal: partitions.reduce((sum, p) => sum + (p.end - p.next), 0),
  };
  hooks.onProgress?.({ ...progress });
  /** The event time of the partition's next record; NaN when the partition is done. */
  const headTime = (p: Partition): number => {
    if (p.done) return NaN;
    if (p.at >= p.page.length) {
      p.page = reader.read(p.partition, p.next, Math.min(READ_SIZE, p.end - p.next));
      p.times = p.page.map(eventTimeOf);
      p.at = 0;
      if (p.page.length === 0) {
        p.done = true;
        return NaN;
      }
    }
    const time = p.times[p.at];
    if (time > stopAfter) {
      // Past the range: the rest of the partition counts as read.
      progress.packetsRead += p.end - p.next;
      p.done = true;
      p.page = [];
      p.times = [];
      return NaN;
    }
    return time;
  };

  let packetsInRange = 0;
  let sinceProgress = 0;
  /** Event time of the next minute of the network's clock: the first record at or past it is detected after it. */
  let nextTick = -Infinity;
  for (;;) {
    let earliest: Partition | null = null;
    let earliestTime = Infinity;
    for (const p of partitions) {
      const time = headTime(p);
      if (Number.isNaN(time)) continue;
      if (earliest === null || time < earliestTime) {
        earliest = p;
        earliestTime = time;
      }
    }
    if (earliest === null) break;
    const record = earliest.page[earliest.at];
    earliest.at += 1;
    earliest.next = record.offset + 1;
    progress.packetsRead += 1;
    if (++sinceProgress >= PROGRESS_EVERY) {
      sinceProgress = 0;
      if (hooks.signal?.aborted) throw new WhatIfCancelled();
      hooks.onProgress?.({ ...progress });
    }
    const sandbox = sandboxes.get(dataSourceOf(record));
    if (sandbox === undefined) continue;
    if (isPacketRecord(record) && inRange(record.packet.date, range.fromMs, range.toMs)) packetsInRange += 1;
    if (earliestTime >= nextTick) {
      // A minute of the network's clock has passed: the silences due by then are judged.
      for (const each of sandboxes.values()) await tick(each, deadlines, shortestSilenceMs);
      nextTick =
        nextTick === -Infinity
          ? earliestTime + TICK_MS
          : nextTick + Math.floor((earliestTime - nextTick) / TICK_MS + 1) * TICK_MS;
    } else if (sandbox.batch.length >= BATCH_SIZE) await flush(sandbox);
    sandbox.batch.push(record);
    sandbox.oldestWaiting = Math.min(sandbox.oldestWaiting, earliestTime);
    sandbox.clock.see(record);
  }
  for (const sandbox of sandboxes.values()) await finish(sandbox, deadlines, shortestSilenceMs);
  progress.packetsRead = progress.packetsTotal;
  hooks.onProgress?.({ ...progress });
  return packetsInRange;
}

/** Detects the records waiting: one batch per partition, in offset order, as a consumer hands them. */
async function flush(sandbox: Sandbox): Promise<void> {
  if (sandbox.batch.length === 0) return;
  const byPartition = new Map<number, LogRecord[]>();
  for (const record of sandbox.batch) {
    const records = byPartition.get(record.partition);
    if (records) records.push(record);
    else byPartition.set(record.partition, [record]);
  }
  sandbox.batch = [];
  sandbox.oldestWaiting = Infinity;
  for (const [partition, records] of byPartition) {
    await sandbox.runner.detectBatch(records, partition);
    sandbox.fed[partition] = records[records.length - 1].offset + 1;
  }
}

/**
 * A minute of the network's clock for one data source: ticks when its watermark has reached a deadline since the
 * last tick, after detecting the records waiting. Records wait as long as no silence deadline they may set can be
 * due yet, so that batches stay large: detecting an asset's packet sets its deadline at least the shortest silence
 * of the policy (min_activity_period) after the packet's date. A session address's pending move (LAF-002) is dated by
 * its frame and may wait with the records: settled a little later, it raises the same alert, dated by its frame.
 */
async function tick(sandbox: Sandbox, deadlines: SilenceDeadlines, shortestSilenceMs: number): Promise<void> {
  const watermark = sandbox.clock.watermark();
  if (watermark >= sandbox.oldestWaiting + shortestSilenceMs) await flush(sandbox);
  // The live runner judges a silence at the whole minute after its deadline (silenceMoment): not before.
  if (watermark < silenceMoment(deadlines.earliest(sandbox.dataSourceId)) || watermark <= sandbox.tickedAt)
    return;
  await flush(sandbox);
  await sandbox.runner.tick();
  sandbox.tickedAt = watermark;
}

/** The end of the replay: every record waiting detected, and a last tick when something is due. */
async function finish(
  sandbox: Sandbox,
  deadlines: SilenceDeadlines,
  shortestSilenceMs: number,
): Promise<void> {
  await flush(sandbox);
  await tick(sandbox, deadlines, shortestSilenceMs);
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
