import {
  WrongExpectedRevisionError,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
} from '@lorawatch/event-store/event-store.port';
import { withOriginalRecordedAt } from '@lorawatch/event-store/kurrent/event-id';
import { entryOf, type LogRecord, type PacketLog } from '@lorawatch/packet-log/packet-log.port';
import { ProjectionRunner } from '@lorawatch/projections/projection-runner';
import type { Projection } from '@lorawatch/projections/projection';
import type { Doc, ReadStore, WriteOp } from '@lorawatch/read-store/read-store.port';
import { CheckpointTranslator } from './checkpoint-translator';
import {
  CONSUMER_GROUPS,
  COPIED_COLLECTIONS,
  OFFSET_CHECKPOINTS,
  POSITION_CHECKPOINTS,
  POSITION_FIELDS,
} from './read-store-catalogue';

/** The three engines of one side, whichever adapters they are (the `Engines` of open-engines.ts fits). */
export interface MigrationEngines {
  events: EventStore;
  packets: PacketLog;
  store: ReadStore;
}

export type MigrationPhase = 'events' | 'packets' | 'read models';

export interface MigrationProgress {
  phase: MigrationPhase;
  done: number;
  /** Estimated while the source numbers its items sparsely (KurrentDB positions); exact otherwise. */
  total: number;
}

export interface PhaseSummary {
  phase: MigrationPhase;
  /** Items written to the target. */
  copied: number;
  /** Items already on the target (a resumed migration). */
  skipped: number;
  /**
   * Events not copied because the source no longer holds the start of their stream (a bounded stream such as a
   * collector lease, whose older events KurrentDB dropped): the target could not give them their revisions.
   */
  truncated?: number;
  seconds: number;
}

export interface MigrationOptions {
  from: MigrationEngines;
  to: MigrationEngines;
  /** Every projection, in the order the runner starts them (their read models are rebuilt on the target). */
  projections: Projection[];
  /** Continue an interrupted migration: the target holds a prefix of the source, which is checked and skipped. */
  resume?: boolean;
  /**
   * Copies keep the time their original was recorded (default): events in the metadata both event stores read it
   * back from as the copy's recorded time, packets and heartbeats as their record's append time (Kafka's CreateTime),
   * which retention and prune go by. False: the target records the time of the copy.
   */
  keepRecordedTimes?: boolean;
  batchSize?: number;
  onProgress?: (progress: MigrationProgress) => void;
  onPhaseDone?: (summary: PhaseSummary) => void;
}

export interface MigrationReport {
  phases: PhaseSummary[];
  /** Checkpoints written on the target, by name, as translated. */
  checkpoints: Record<string, number>;
}

/** A migration that must not start (or go on); the message says why and what to do. */
export class MigrationRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MigrationRefused';
  }
}

const DEFAULT_BATCH = 500;

/**
 * Copies the event store and the packet log from one set of engines to another, copies the read-store state that
 * projections do not write (detector state, assets, counters, workers' state) with its checkpoints translated to the
 * target's numbering, and rebuilds the projections' read models on the target from the copied events. Works only
 * through the ports; the source must not be written meanwhile (stop its processes first).
 */
export async function migrate(options: MigrationOptions): Promise<MigrationReport> {
  const { from, to } = options;
  const batch = options.batchSize ?? DEFAULT_BATCH;
  const report: MigrationReport = { phases: [], checkpoints: {} };
  const partitions = from.packets.partitions;
  if (to.packets.partitions !== partitions) {
    throw new MigrationRefused(
      `The packet logs have different partition counts: the source has ${partitions}, the target ${to.packets.partitions}. ` +
        `Give the target ${partitions} partitions (PACKET_LOG_PARTITIONS=${partitions}, or a "packets" topic with ${partitions} partitions).`,
    );
  }
  if (!options.resume) {
    const found = await contentsOf(to, options.projections);
    if (found.length > 0) {
      throw new MigrationRefused(
        `The target is not empty: ${found.join('; ')}. Migrate into empty engines, or pass --resume to go on with an interrupted migration into this target.`,
      );
    }
  }

  const sourceState = await readSourceState(from.store, from.packets);
  const positions = new CheckpointTranslator(sourceState.positionsToTranslate, 0);
  const done = (summary: PhaseSummary) => {
    report.phases.push(summary);
    options.onPhaseDone?.(summary);
  };

  const typeCounts = new Map<string, number>();
  done(await copyEvents(from.events, to.events, positions, typeCounts, batch, options));

  const offsets: CheckpointTranslator[] = [];
  const packetSummary: PhaseSummary = { phase: 'packets', copied: 0, skipped: 0, seconds: 0 };
  const packetsStarted = Date.now();
  const packetTotal = await packetCount(from.packets);
  for (let partition = 0; partition < partitions; partition++) {
    const translator = new CheckpointTranslator(
      sourceState.offsetsToTranslate[partition],
      await startOffset(to.packets, partition),
    );
    offsets.push(translator);
    await copyPartition(from.packets, to.packets, partition, translator, batch, {
      summary: packetSummary,
      total: packetTotal,
      resume: options.resume ?? false,
      keepTimes: options.keepRecordedTimes ?? true,
      onProgress: options.onProgress,
    });
  }
  for (const group of CONSUMER_GROUPS) {
    for (const [partition, next] of sourceState.groupOffsets[group].entries()) {
      if (next > 0) await to.packets.commit(group, partition, offsets[partition].translate(next));
    }
  }
  packetSummary.seconds = (Date.now() - packetsStarted) / 1000;
  done(packetSummary);

  done(
    await copyReadModels(from.store, to, {
      options,
      sourceState,
      positions,
      offsets,
      typeCounts,
      batch,
      report,
    }),
  );
  return report;
}

/** What the target already holds, in words; empty when it holds nothing. */
async function contentsOf(target: MigrationEngines, projections: Projection[]): Promise<string[]> {
  const found: string[] = [];
  const head = await target.events.headPosition();
  if (head > 0) found.push(`the event store has events (head position ${head})`);
  const ends = await target.packets.endOffsets();
  if (ends.some((end) => end > 0)) found.push(`the packet log has packets (end offsets ${ends.join(', ')})`);
  const specs = [...COPIED_COLLECTIONS, ...projections.flatMap((projection) => projection.collections)];
  const filled: string[] = [];
  for (const spec of specs) {
    if ((await target.store.collection(spec).count()) > 0) filled.push(spec.name);
  }
  if (filled.length > 0) found.push(`the read store has documents in ${filled.join(', ')}`);
  return found;
}

interface SourceState {
  positionChecks: Record<string, number>;
  /** Partition → checkpoint name → next offset. */
  offsetChecks: Array<Record<string, number>>;
  groupOffsets: Record<string, number[]>;
  positionsToTranslate: number[];
  offsetsToTranslate: number[][];
}

/** The source's checkpoints, position fields and consumer-group offsets: the values the copies must translate. */
async function readSourceState(store: ReadStore, packets: PacketLog): Promise<SourceState> {
  const partitions = packets.partitions;
  const positionChecks: Record<string, number> = {};
  for (const name of POSITION_CHECKPOINTS) positionChecks[name] = await store.checkpoint(name);
  const positionsToTranslate = Object.values(positionChecks);
  for (const { collection, field } of POSITION_FIELDS) {
    await eachPage(store, collection, DEFAULT_BATCH, (docs) => {
      for (const doc of docs) {
        const value = (doc as unknown as Record<string, unknown>)[field];
        if (typeof value === 'number') positionsToTranslate.push(value);
      }
    });
  }
  const offsetChecks: Array<Record<string, number>> = [];
  const offsetsToTranslate: number[][] = [];
  for (let partition = 0; partition < partitions; partition++) {
    const checks: Record<string, number> = {};
    for (const checkpointOf of OFFSET_CHECKPOINTS) {
      const name = checkpointOf(partition);
      checks[name] = await store.checkpoint(name);
    }
    offsetChecks.push(checks);
    offsetsToTranslate.push(Object.values(checks));
  }
  const groupOffsets: Record<string, number[]> = {};
  for (const group of CONSUMER_GROUPS) {
    groupOffsets[group] = await packets.committedOffsets(group);
    for (const [partition, next] of groupOffsets[group].entries()) offsetsToTranslate[partition].push(next);
  }
  return { positionChecks, offsetChecks, groupOffsets, positionsToTranslate, offsetsToTranslate };
}

/**
 * Events in position order, each appended to its stream with the revision it had (so a stream that already has
 * it refuses rather than doubles). Runs of one stream's consecutive events go in one append, cut wherever a
 * watched position needs its own translation.
 */
async function copyEvents(
  source: EventStore,
  target: EventStore,
  positions: CheckpointTranslator,
  typeCounts: Map<string, number>,
  batch: number,
  options: MigrationOptions,
): Promise<PhaseSummary> {
  const started = Date.now();
  const summary: PhaseSummary = { phase: 'events', copied: 0, skipped: 0, truncated: 0, seconds: 0 };
  const head = await source.headPosition();
  let after = 0;
  let targetAfter = options.resume ? 0 : null;
  // Streams whose start the source no longer holds (see leftOut): few, bounded streams such as leases.
  const truncated = new Set<string>();
  const leftOut = async (event: RecordedEvent): Promise<boolean> => {
    if (truncated.has(event.streamId)) return true;
    // Appended in order, a stream is on the target from its first event; a later one of a stream the target
    // lacks had its start dropped by the source ($maxCount on lease and presence streams, then a scavenge).
    if (event.revision === 0 || (await target.readStream(event.streamId, { maxCount: 1 })).length > 0)
      return false;
    truncated.add(event.streamId);
    return true;
  };
  const copyOf = ({ id, type, data, metadata, recordedAt }: RecordedEvent): NewEvent => ({
    id,
    type,
    data,
    metadata: (options.keepRecordedTimes ?? true) ? withOriginalRecordedAt(metadata, recordedAt) : metadata,
  });
  const progress = (position: number) => {
    const count = summary.copied + summary.skipped;
    // Dense positions (SQLite) make this exact; sparse ones (KurrentDB) an estimate from the share of positions done.
    const total = position === 0 ? head : Math.max(count, Math.round((count * head) / position));
    options.onProgress?.({ phase: 'events', done: count, total });
  };
  for (;;) {
    const events = await source.readAll({ after, maxCount: batch });
    if (events.length === 0) break;
    for (const event of events) typeCounts.set(event.type, (typeCounts.get(event.type) ?? 0) + 1);
    const leaveOut = (run: RecordedEvent[]) => {
      summary.truncated = (summary.truncated ?? 0) + run.length;
      for (const event of run) typeCounts.set(event.type, (typeCounts.get(event.type) ?? 1) - 1);
    };
    let rest = events;
    if (targetAfter !== null) {
      const present = await target.readAll({ after: targetAfter, maxCount: events.length });
      let matched = 0;
      let index = 0;
      for (; index < events.length && matched < present.length; index += 1) {
        const original = events[index];
        const copy = present[matched];
        if (
          copy.id !== original.id ||
          copy.streamId !== original.streamId ||
          copy.revision !== original.revision
        ) {
          if (await leftOut(original)) {
            leaveOut([original]);
            continue;
          }
          throw new MigrationRefused(
            `The target event store is not a copy of the source: after ${summary.skipped} matching events it holds ` +
              `${copy.streamId}@${copy.revision} (${copy.id}) where the source has ${original.streamId}@${original.revision} (${original.id}).`,
          );
        }
        positions.record(original.position, copy.position);
        targetAfter = copy.position;
        matched += 1;
      }
      summary.skipped += matched;
      rest = events.slice(index);
      // The target had fewer events than asked for, all matched: the copy goes on from here.
      if (present.length < events.length && matched === present.length) targetAfter = null;
    }
    for (const run of streamRuns(rest, positions)) {
      const first = run[0];
      if (truncated.has(first.streamId)) {
        leaveOut(run);
        continue;
      }
      const expected: ExpectedRevision = first.revision === 0 ? 'no_stream' : first.revision - 1;
      let result;
      try {
        result = await target.append(first.streamId, run.map(copyOf), expected);
      } catch (error) {
        // Not on the target although the source goes on with it: its start was dropped (see leftOut).
        if (
          !(error instanceof WrongExpectedRevisionError) ||
          error.actual !== 'no_stream' ||
          first.revision === 0
        )
          throw error;
        truncated.add(first.streamId);
        leaveOut(run);
        continue;
      }
      positions.record(run[run.length - 1].position, result.position);
      summary.copied += run.length;
    }
    after = events[events.length - 1].position;
    progress(after);
  }
  if (targetAfter !== null && (await target.readAll({ after: targetAfter, maxCount: 1 })).length > 0) {
    throw new MigrationRefused(
      `The target event store holds more events than the source (after position ${targetAfter}): it is not a copy of this source.`,
    );
  }
  summary.seconds = (Date.now() - started) / 1000;
  options.onProgress?.({
    phase: 'events',
    done: summary.copied + summary.skipped,
    total: summary.copied + summary.skipped,
  });
  return summary;
}

/** Consecutive events of one stream, cut where a watched position lies inside (only a run's last position is learnt). */
export function streamRuns(events: RecordedEvent[], positions: CheckpointTranslator): RecordedEvent[][] {
  const runs: RecordedEvent[][] = [];
  for (const event of events) {
    const run = runs[runs.length - 1];
    const last = run?.[run.length - 1];
    if (
      last &&
      last.streamId === event.streamId &&
      last.revision + 1 === event.revision &&
      !positions.watchesBetween(last.position, event.position)
    ) {
      run.push(event);
    } else {
      runs.push([event]);
    }
  }
  return runs;
}

async function packetCount(log: PacketLog): Promise<number> {
  let total = 0;
  const ends = await log.endOffsets();
  for (const [partition, end] of ends.entries()) total += end - (await startOffset(log, partition));
  return total;
}

/** Offset of a partition's oldest record (retention may have removed the first ones), or its end when empty. */
async function startOffset(log: PacketLog, partition: number): Promise<number> {
  const [first] = await log.read(partition, 0, 1);
  return first ? first.offset : (await log.endOffsets())[partition];
}

/**
 * One partition in offset order. A resumed copy first walks the records the target already has, which must be
 * the source's first ones, in order. Every packet must land in the same partition, or the checkpoints and the
 * silence watches (which name partitions) would point at the wrong records.
 */
async function copyPartition(
  source: PacketLog,
  target: PacketLog,
  partition: number,
  offsets: CheckpointTranslator,
  batch: number,
  context: {
    summary: PhaseSummary;
    total: number;
    resume: boolean;
    /** Each copy keeps its original's append time. */
    keepTimes: boolean;
    onProgress?: (progress: MigrationProgress) => void;
  },
): Promise<void> {
  const { summary } = context;
  let from = 0;
  let targetFrom: number | null = context.resume ? 0 : null;
  for (;;) {
    const records = await source.read(partition, from, batch);
    if (records.length === 0) {
      if (targetFrom !== null && (await target.read(partition, targetFrom, 1)).length > 0) {
        throw new MigrationRefused(
          `The target packet log holds more packets than the source in partition ${partition}: it is not a copy of this source.`,
        );
      }
      return;
    }
    // Heartbeats are copied with the packets, in place: the detectors' idle rule reads them.
    let rest: LogRecord[] = records;
    if (targetFrom !== null) {
      const present = await target.read(partition, targetFrom, records.length);
      for (const [index, copy] of present.entries()) {
        const original = records[index];
        if (entryOf(copy).id !== entryOf(original).id) {
          throw new MigrationRefused(
            `The target packet log is not a copy of the source: partition ${partition} holds packet ${entryOf(copy).id} ` +
              `at offset ${copy.offset} where the source has ${entryOf(original).id} (offset ${original.offset}).`,
          );
        }
        offsets.record(original.offset + 1, copy.offset + 1);
        targetFrom = copy.offset + 1;
      }
      summary.skipped += present.length;
      rest = records.slice(present.length);
      if (present.length < records.length) targetFrom = null;
    }
    if (rest.length > 0) {
      const outcomes = await target.append(
        rest.map(entryOf),
        context.keepTimes ? { timestamps: rest.map((record) => record.timestamp) } : undefined,
      );
      for (const [index, outcome] of outcomes.entries()) {
        const original = rest[index];
        if (outcome.partition !== partition) {
          throw new MigrationRefused(
            `Packet ${entryOf(original).id} went to partition ${outcome.partition} of the target instead of ${partition}: ` +
              'the target partitions packets differently from the source.',
          );
        }
        if (!outcome.appended) {
          summary.skipped += 1;
          continue;
        }
        offsets.record(original.offset + 1, outcome.offset + 1);
        summary.copied += 1;
      }
    }
    from = records[records.length - 1].offset + 1;
    context.onProgress?.({
      phase: 'packets',
      done: summary.copied + summary.skipped,
      total: Math.max(context.total, summary.copied + summary.skipped),
    });
  }
}

async function eachPage(
  store: ReadStore,
  collection: string,
  batch: number,
  handle: (docs: Doc[]) => Promise<void> | void,
): Promise<void> {
  const documents = store.collection<Doc>({ name: collection });
  let last: string | null = null;
  for (;;) {
    // Keyset paging: skip would read every earlier page again.
    const page = await documents.find(last === null ? {} : { id: { $gt: last } }, {
      sort: [['id', 'asc']],
      limit: batch,
    });
    if (page.length === 0) return;
    await handle(page);
    last = page[page.length - 1].id;
  }
}

/**
 * Copies the collections no projection writes (documents as they are, position fields translated) with their
 * checkpoints, then rebuilds the projections on the target from its own events. Copied state comes first so that
 * the target never shows a worker's checkpoint without the documents it covers.
 */
async function copyReadModels(
  source: ReadStore,
  to: MigrationEngines,
  context: {
    options: MigrationOptions;
    sourceState: SourceState;
    positions: CheckpointTranslator;
    offsets: CheckpointTranslator[];
    typeCounts: Map<string, number>;
    batch: number;
    report: MigrationReport;
  },
): Promise<PhaseSummary> {
  const { options, sourceState, positions, offsets, typeCounts, batch, report } = context;
  const started = Date.now();
  const summary: PhaseSummary = { phase: 'read models', copied: 0, skipped: 0, seconds: 0 };
  const projected = options.projections.reduce(
    (sum, projection) =>
      sum + projection.eventTypes.reduce((count, type) => count + (typeCounts.get(type) ?? 0), 0),
    0,
  );
  let documents = 0;
  for (const spec of COPIED_COLLECTIONS) documents += await source.collection(spec).count();
  const total = documents + projected;
  let applied = 0;
  const progress = () =>
    options.onProgress?.({
      phase: 'read models',
      done: summary.copied + applied,
      total: Math.max(total, summary.copied + applied),
    });

  // A resumed copy starts these collections again: their documents are not in any order the target could resume.
  // (reset also drops one checkpoint; it is written again below.)
  await to.store.reset(
    COPIED_COLLECTIONS.map((spec) => spec.name),
    POSITION_CHECKPOINTS[0],
  );
  for (const spec of COPIED_COLLECTIONS) {
    to.store.collection(spec);
    const fields = POSITION_FIELDS.filter((entry) => entry.collection === spec.name).map(
      (entry) => entry.field,
    );
    await eachPage(source, spec.name, batch, async (docs) => {
      const ops: WriteOp[] = docs.map((doc) => ({
        op: 'upsert',
        collection: spec.name,
        doc: translateFields(doc, fields, positions),
      }));
      await to.store.commit(ops);
      summary.copied += docs.length;
      progress();
    });
  }
  const write = async (name: string, position: number) => {
    await to.store.commit([], { name, position });
    report.checkpoints[name] = position;
  };
  for (const [name, position] of Object.entries(sourceState.positionChecks))
    await write(name, positions.translate(position));
  for (const [partition, checks] of sourceState.offsetChecks.entries()) {
    for (const [name, next] of Object.entries(checks)) await write(name, offsets[partition].translate(next));
  }

  const runner = new ProjectionRunner(to.events, to.store, options.projections);
  const updates = runner.updates$.subscribe(() => {
    applied += 1;
    progress();
  });
  try {
    await runner.start();
    await runner.caughtUp();
  } finally {
    updates.unsubscribe();
    await runner.stop();
  }
  summary.copied += applied;
  summary.skipped = Math.max(0, projected - applied);
  summary.seconds = (Date.now() - started) / 1000;
  options.onProgress?.({ phase: 'read models', done: summary.copied, total: summary.copied });
  return summary;
}

function translateFields(doc: Doc, fields: string[], positions: CheckpointTranslator): Doc {
  if (fields.length === 0) return doc;
  const copy: Doc & Record<string, unknown> = { ...doc };
  for (const field of fields) {
    const value = copy[field];
    if (typeof value === 'number') copy[field] = positions.translate(value);
  }
  return copy;
}
