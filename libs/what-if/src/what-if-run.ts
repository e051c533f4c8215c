import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { resourceLimits, Worker } from 'node:worker_threads';
import { AlertEventTypes, type AlertEventPayloads } from '@lorawatch/domain/alert.events';
import { DATA_SOURCES, type DataSourceView } from '@lorawatch/domain/data-source.view';
import {
  DETECTOR_STATE,
  DetectionRunner,
  GATEWAY_PENDING,
  PolicyProvider,
  SILENCE_WATCH,
  silenceMoment,
} from '@lorawatch/detection';
import { ALLOWED_LATENESS_SECONDS } from '@lorawatch/detectors/watermark';
import { PolicyView as PolicyRules, type PolicyItem } from '@lorawatch/domain/policy';
import type { NewEvent } from '@lorawatch/event-store/event-store.port';
import { eventGuard, type EventOf } from '@lorawatch/event-store/typed-events';
import { Metrics } from '@lorawatch/ops/metrics';
import {
  isPacketRecord,
  type BatchHandler,
  type ConsumeOptions,
  type Consumer,
  type LogRecord,
  type PacketLog,
} from '@lorawatch/packet-log/packet-log.port';
import { POLICIES, type PolicyView } from '@lorawatch/policies';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { MemoryReadStore } from '@lorawatch/read-store/memory/memory-read-store';
import type {
  CheckpointMark,
  Collection,
  CollectionSpec,
  Doc,
  Filter,
  FindOptions,
  WriteOp,
} from '@lorawatch/read-store/read-store.port';
import type { Database } from '@lorawatch/sqlite/open-database';
import { hasTable, LiveLogReader, openLiveReadOnly, type ShareRecord } from './live-log-reader';
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
  /** Threads the data sources are replayed on at most (WHAT_IF_THREADS by default); 1 keeps the run on this one. */
  threads?: number;
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
    const reader = new LiveLogReader(live);
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
    const shares = splitSources(sources, Math.max(1, task.threads ?? WHAT_IF_THREADS));
    // The log as it stood when the run began, the same for every thread: what is appended meanwhile is not read.
    const ends = reader.endOffsets();
    const firsts = [...reader.firstOffsets()];
    const share = (replayed: DataSourceView[]): WhatIfShare => ({
      databaseFile: task.databaseFile,
      organizationId: task.organizationId,
      policy: task.policy,
      fromMs,
      toMs,
      sources: replayed,
      inScope: [...inScope],
      ends,
      firsts,
      shortestSilenceMs,
    });
    const outcomes = await replayShares(
      live,
      shares.map((replayed) => share(replayed)),
      hooks,
    );
    // An alert's stream is created once in one event store: an id raised on two threads counts once, the first.
    const raised = new Map<string, RaisedAlert>();
    for (const alert of outcomes.flatMap((outcome) => outcome.alerts))
      if (!raised.has(alert.id)) raised.set(alert.id, alert);
    const sandbox = [...raised.values()];
    const packets = outcomes.reduce((sum, outcome) => sum + outcome.packets, 0);
    const compared = (alert: RaisedAlert) => comparedAlert(alert, fromMs, toMs);
    const recorded = hasTable(live, 'events')
      ? raisedAlerts(live).filter((alert) => inScope.has(alert.dataSourceId) && compared(alert))
      : [];
    return compareAlerts({ from, to, packets }, sandbox, recorded);
  } finally {
    live.close();
  }
}

/** Threads a run replays its data sources on at most (this one and the others it starts). */
export const WHAT_IF_THREADS = 2;

/**
 * What one thread of a run replays: some of the data sources in scope, over the log as it stood when the run began.
 * Plain data, handed to another thread as it is.
 */
export interface WhatIfShare {
  databaseFile: string;
  organizationId: number | null;
  policy: WhatIfTask['policy'];
  fromMs: number;
  toMs: number;
  /** The data sources replayed by this thread. */
  sources: DataSourceView[];
  /** Every data source in scope: the records of all of them move the network's minute at which each is ticked. */
  inScope: number[];
  /** Per partition, the end of the log when the run began. */
  ends: number[];
  /** [partition, first stored offset]. */
  firsts: Array<[number, number]>;
  shortestSilenceMs: number;
}

/** What one thread found: the compared alerts its sandboxes raised, and its packets dated within the range. */
export interface WhatIfShareOutcome {
  alerts: RaisedAlert[];
  packets: number;
}

/**
 * The data sources in scope dealt to `threads` threads, in turn by id: their detector states never meet (every key
 * is scoped by data source), so each thread replays its own with the same outcome as one thread replaying all.
 */
function splitSources(sources: DataSourceView[], threads: number): DataSourceView[][] {
  const sorted = [...sources].sort((a, b) => a.dataSourceId - b.dataSourceId);
  const shares: DataSourceView[][] = Array.from({ length: Math.min(threads, sorted.length) }, () => []);
  sorted.forEach((source, index) => shares[index % shares.length].push(source));
  return shares.length === 0 ? [[]] : shares;
}

/**
 * Replays the first share on this thread and the others each on a thread of its own (what-if-share.worker.ts), at
 * once. Any failure ends the others; a thread ended with this one (a cancelled run) ends its own threads too.
 */
async function replayShares(
  live: Database,
  shares: WhatIfShare[],
  hooks: WhatIfHooks,
): Promise<WhatIfShareOutcome[]> {
  const [local, ...others] = shares;
  const stop = new AbortController();
  const threads = others.map((share) => startShareThread(share));
  const failure: { error?: unknown } = {};
  const remote = threads.map((thread) =>
    thread.outcome.catch((error: unknown) => {
      failure.error ??= error;
      stop.abort();
      throw error;
    }),
  );
  // Read once this thread's share is replayed; a thread ended before (this one failed) is no unhandled rejection.
  for (const outcome of remote) outcome.catch(() => undefined);
  try {
    const signal = hooks.signal ? AbortSignal.any([hooks.signal, stop.signal]) : stop.signal;
    let mine: WhatIfShareOutcome;
    try {
      mine = await replayShare(local, live, { ...hooks, signal });
    } catch (error) {
      // A thread that failed stopped this one: its error is the run's.
      if (failure.error !== undefined && !hooks.signal?.aborted) throw failure.error;
      throw error;
    }
    return [mine, ...(await Promise.all(remote))];
  } finally {
    for (const thread of threads) await thread.terminate();
  }
}

interface ShareThread {
  outcome: Promise<WhatIfShareOutcome>;
  terminate(): Promise<void>;
}

/** The compiled worker beside this file in the built server, the .ts source (through ts-worker.js) under tsx or jest. */
function shareWorker(share: WhatIfShare): Worker {
  const compiled = join(__dirname, 'what-if-share.worker.js');
  const limits = { resourceLimits: { ...resourceLimits } };
  if (existsSync(compiled)) return new Worker(compiled, { workerData: { share }, ...limits });
  return new Worker(join(__dirname, 'ts-worker.js'), {
    workerData: { share, tsWorker: join(__dirname, 'what-if-share.worker.ts') },
    ...limits,
  });
}

function startShareThread(share: WhatIfShare): ShareThread {
  const worker = shareWorker(share);
  const outcome = new Promise<WhatIfShareOutcome>((resolve, reject) => {
    worker.once('message', (message: ShareMessage) => {
      if ('outcome' in message) resolve(message.outcome);
      else reject(new Error(message.failure));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`A what-if thread ended (exit code ${code})`)));
  });
  // A rejection nobody waits for yet (this thread still replaying) is not unhandled: replayShares reads it later.
  outcome.catch(() => undefined);
  return { outcome, terminate: () => worker.terminate().then(() => undefined) };
}

/** What a share's thread posts back once. */
export type ShareMessage = { outcome: WhatIfShareOutcome } | { failure: string };

/** A compared alert: dated within [from, to] and raised by the detector sagas. */
function comparedAlert(alert: RaisedAlert, fromMs: number, toMs: number): boolean {
  return inRange(alert.createdAt, fromMs, toMs) && !NOT_REPLAYED_CODES.has(alert.code);
}

/**
 * Replays one share against scratch stores in memory: one detection runner per data source of the share, fed from
 * the live log read through `live` (this thread's read-only connection).
 */
export async function replayShare(
  share: WhatIfShare,
  live: Database,
  hooks: WhatIfHooks = {},
): Promise<WhatIfShareOutcome> {
  const { fromMs, toMs } = share;
  // Only the alerts compared are kept; the sandbox reads no clock, so they are recorded at `to`.
  const events = new SandboxEventStore(
    (event: NewEvent) => isAlertRaised(event) && comparedAlert(event.data, fromMs, toMs),
    new Date(toMs).toISOString(),
  );
  const deadlines = new SilenceDeadlines();
  const reader = new LiveLogReader(live);
  const partitionCount = share.ends.length;
  const metrics = new Metrics();
  // One runner per data source: their states never meet (every key is scoped by data source), and a tick then
  // reads the watches and watermarks of the data source that has something due only.
  const sandboxes = new Map<number, Sandbox>();
  for (const source of share.sources) {
    const store = new SandboxReadStore(deadlines);
    await seed(store, [source], share);
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
  const packets = await replay(
    reader,
    { ends: share.ends, firsts: new Map(share.firsts), inScope: new Set(share.inScope) },
    sandboxes,
    deadlines,
    share.shortestSilenceMs,
    { fromMs, toMs },
    hooks,
  );
  const alerts: RaisedAlert[] = [];
  for (const event of await events.readAll())
    if (isAlertEvent(event, AlertEventTypes.Raised)) alerts.push(event.data);
  return { alerts, packets };
}

const isAlertEvent = eventGuard<AlertEventPayloads>();

/** An alert raised, as the runner hands it to the event store (before it is recorded). */
function isAlertRaised(event: NewEvent): event is NewEvent & EventOf<AlertEventPayloads, 'AlertRaised'> {
  return event.type === AlertEventTypes.Raised;
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
async function seed(
  store: MemoryReadStore,
  sources: DataSourceView[],
  task: Pick<WhatIfTask, 'organizationId' | 'policy'>,
): Promise<void> {
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

/**
 * The sandbox's read models, in memory, telling `deadlines` of every silence watch the runner commits. Reads hand
 * out the stored documents themselves, without the copy every read of a MemoryReadStore makes: the runner and the
 * detectors never change a document or state they read (the detector sagas are pure, and the runner's own cache
 * already shares its states with this store), and the gateway packets waiting are plain JSON parsed from the log.
 * The runner's reads of every data source's event times and heartbeats (an id range of `detector_state`, at every
 * tick) are answered from the few documents of those prefixes, kept aside as they are committed.
 */
class SandboxReadStore extends MemoryReadStore {
  /** The collections handed out, per spec: the runner asks for the same few at every batch and tick. */
  private readonly opened = new WeakMap<CollectionSpec, Collection<Doc>>();
  /** The `detector_state` documents of each prefix read by id range, by id. */
  private readonly prefixed = new Map<string, Map<string, JsonObject>>(
    STATE_PREFIXES.map((prefix) => [prefix, new Map()]),
  );

  constructor(private readonly deadlines: SilenceDeadlines) {
    super();
  }

  override collection<T extends Doc>(spec: CollectionSpec): Collection<T> {
    const known = this.opened.get(spec);
    if (known !== undefined) return known as Collection<T>;
    const collection = super.collection<T>(spec);
    const docs = this.data.documents(spec.name);
    const find = collection.find.bind(collection);
    const state = spec.name === DETECTOR_STATE.name;
    const pending = spec.name === GATEWAY_PENDING.name;
    const watches = spec.name === SILENCE_WATCH.name;
    const opened = Object.assign(Object.create(collection) as Collection<T>, {
      get: async (id: string): Promise<T | null> => (docs.get(id) as T | undefined) ?? null,
      find: async (filter?: Filter, options?: FindOptions): Promise<T[]> => {
        if (state && options === undefined) {
          const prefix = idPrefixFilter(filter);
          const kept = prefix === null ? undefined : this.prefixed.get(prefix);
          if (kept !== undefined) return [...kept.values()].sort(byId) as unknown as T[];
        }
        if (watches && options === undefined) {
          const due = dueFilter(filter);
          if (due !== null) {
            const found: JsonObject[] = [];
            for (const id of this.deadlines.dueBy(due.dataSourceId, due.bound)) {
              const doc = docs.get(id);
              if (doc !== undefined && doc.dataSourceId === due.dataSourceId && isDueBy(doc, due.bound))
                found.push(doc);
            }
            return found.sort(byId) as unknown as T[];
          }
        }
        const matches = pending && options === undefined ? pendingFilter(filter) : null;
        if (matches === null) return find(filter, options);
        const found: JsonObject[] = [];
        for (const doc of docs.values()) if (matches(doc)) found.push(doc);
        return found.sort(byId) as unknown as T[];
      },
    });
    this.opened.set(spec, opened as Collection<Doc>);
    return opened;
  }

  override async commit(
    ops: WriteOp[],
    checkpoint?: CheckpointMark | readonly CheckpointMark[],
  ): Promise<void> {
    await super.commit(ops, checkpoint);
    this.deadlines.observe(ops);
    const states = this.data.documents(DETECTOR_STATE.name);
    for (const op of ops) {
      if (op.collection !== DETECTOR_STATE.name) continue;
      const id = op.op === 'upsert' ? (op.doc.id as string) : op.id;
      for (const [prefix, kept] of this.prefixed) {
        if (!id.startsWith(prefix)) continue;
        const doc = states.get(id);
        if (doc === undefined) kept.delete(id);
        else kept.set(id, doc);
      }
    }
  }
}

/** The runner's read of a data source's due watches, `{ dataSourceId, deadline: { $lte: bound } }`; null otherwise. */
function dueFilter(filter: Filter | undefined): { dataSourceId: number; bound: number } | null {
  if (filter === undefined) return null;
  const { dataSourceId, deadline, ...rest } = filter as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || typeof dataSourceId !== 'number') return null;
  if (typeof deadline !== 'object' || deadline === null || Object.keys(deadline).length !== 1) return null;
  const bound = (deadline as { $lte?: unknown }).$lte;
  return typeof bound === 'number' && Number.isFinite(bound) ? { dataSourceId, bound } : null;
}

function isDueBy(doc: JsonObject, bound: number): boolean {
  return typeof doc.deadline === 'number' && doc.deadline <= bound;
}

/** The prefixes of `detector_state` ids the runner reads by range (event times and heartbeats). */
const STATE_PREFIXES = ['eventtime:', 'heartbeat:'];

/**
 * The prefix an id filter `{ id: { $gte: prefix, $lt: next } }` selects, `next` being the prefix with its last
 * character the one after (every id from the prefix up to that is an id starting with the prefix); null otherwise.
 */
function idPrefixFilter(filter: Filter | undefined): string | null {
  if (filter === undefined) return null;
  const keys = Object.keys(filter);
  if (keys.length !== 1 || keys[0] !== 'id') return null;
  const condition = filter.id as Record<string, unknown> | null;
  if (typeof condition !== 'object' || condition === null) return null;
  const bounds = Object.keys(condition);
  const { $gte: from, $lt: to } = condition;
  if (bounds.length !== 2 || typeof from !== 'string' || typeof to !== 'string' || from === '') return null;
  const last = from.charCodeAt(from.length - 1);
  if (last >= 0xd800 || to !== from.slice(0, -1) + String.fromCharCode(last + 1)) return null;
  return from;
}

type JsonObject = Record<string, unknown>;

/**
 * The runner's reads of waiting gateway packets, `{ dataSourceId }` or `{ dataSourceId, earliest: { $lte } }`, as
 * the store's filters have them (numbers compare with numbers only); null for any other filter.
 */
function pendingFilter(filter: Filter | undefined): ((doc: JsonObject) => boolean) | null {
  if (filter === undefined) return null;
  const { dataSourceId, earliest, ...rest } = filter as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || typeof dataSourceId !== 'number') return null;
  if (earliest === undefined) return (doc) => doc.dataSourceId === dataSourceId;
  const bound = (earliest as { $lte?: unknown } | null)?.$lte;
  if (
    typeof earliest !== 'object' ||
    Object.keys(earliest as object).length !== 1 ||
    typeof bound !== 'number'
  )
    return null;
  return (doc) =>
    doc.dataSourceId === dataSourceId && typeof doc.earliest === 'number' && doc.earliest <= bound;
}

/** Ids in code-point order, as the store sorts them. */
function byId(a: JsonObject, b: JsonObject): number {
  const x = a.id as string;
  const y = b.id as string;
  if (x === y) return 0;
  const length = Math.min(x.length, y.length);
  for (let i = 0; i < length; i++) {
    const order = (x.codePointAt(i) as number) - (y.codePointAt(i) as number);
    if (order !== 0) return order;
  }
  return x.length - y.length;
}

/** One partition of the live log as the merge reads it: a page of records and their event times. */
interface Partition {
  partition: number;
  next: number;
  end: number;
  page: ShareRecord[];
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
  log: { ends: number[]; firsts: ReadonlyMap<number, number>; inScope: ReadonlySet<number> },
  sandboxes: ReadonlyMap<number, Sandbox>,
  deadlines: SilenceDeadlines,
  shortestSilenceMs: number,
  range: { fromMs: number; toMs: number },
  hooks: WhatIfHooks,
): Promise<number> {
  const stopAfter = range.toMs + READ_PAST_TO_MS;
  // The other data sources' records are read for their place and date only.
  const replayed = [...sandboxes.keys()];
  const partitions: Partition[] = log.ends.map((end, partition) => {
    const first = log.firsts.get(partition) ?? end;
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
      p.page = reader.readShare(p.partition, p.next, Math.min(READ_SIZE, p.end - p.next), replayed);
      p.times = p.page.map((row) => (row.record !== null ? eventTimeOf(row.record) : timeOf(row.date)));
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
    const row = earliest.page[earliest.at];
    earliest.at += 1;
    earliest.next = row.offset + 1;
    progress.packetsRead += 1;
    if (++sinceProgress >= PROGRESS_EVERY) {
      sinceProgress = 0;
      if (hooks.signal?.aborted) throw new WhatIfCancelled();
      hooks.onProgress?.({ ...progress });
    }
    const { dataSourceId, record } = row;
    if (!log.inScope.has(dataSourceId)) continue;
    // A data source in scope replayed by another thread: its records still move the minute of this one's ticks.
    const sandbox = sandboxes.get(dataSourceId);
    if (
      sandbox !== undefined &&
      record !== null &&
      isPacketRecord(record) &&
      inRange(record.packet.date, range.fromMs, range.toMs)
    )
      packetsInRange += 1;
    if (earliestTime >= nextTick) {
      // A minute of the network's clock has passed: the silences due by then are judged.
      for (const each of sandboxes.values()) await tick(each, deadlines, shortestSilenceMs);
      nextTick =
        nextTick === -Infinity
          ? earliestTime + TICK_MS
          : nextTick + Math.floor((earliestTime - nextTick) / TICK_MS + 1) * TICK_MS;
    } else if (sandbox !== undefined && sandbox.batch.length >= BATCH_SIZE) await flush(sandbox);
    if (sandbox === undefined || record === null) continue;
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

/** The event time of a record read for its date only (readShare), as eventTimeOf reads a whole one. */
function timeOf(date: string | null): number {
  const time = date === null ? NaN : Date.parse(date);
  return Number.isNaN(time) ? -Infinity : time;
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
