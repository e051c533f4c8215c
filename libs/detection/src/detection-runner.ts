import { Logger } from '@nestjs/common';
import { deviceDocument, gatewayDocument } from '@lorawatch/assets';
import { DATA_SOURCE_ACTIVITY, type DataSourceActivity } from '@lorawatch/domain/data-source-activity';
import { DATA_SOURCES, type DataSourceView } from '@lorawatch/domain/data-source.view';
import type { AlertDraft } from '@lorawatch/domain/alert';
import {
  countDiscoveries,
  detectOnSessionTick,
  detectOnTick,
  detectPacket,
  foldGatewayPackets,
  inEventTimeOrder,
  type StoredDataSource,
  type DeviceDetectionState,
  type GatewayDetectionState,
  type SessionDetectionState,
} from '@lorawatch/detectors/detect';
import { pendingMoveDeadline } from '@lorawatch/detectors/sessions/laf-002-shared-dev-addr';
import {
  dataSourceStateKey,
  deviceStateKey,
  gatewayStateKey,
  sessionStateKey,
} from '@lorawatch/detectors/state-keys';
import {
  advancePartitionEventTime,
  gatewayFoldBound,
  type DataSourceConnection,
  type PartitionEventTime,
} from '@lorawatch/detectors/watermark';
import type { Packet } from '@lorawatch/domain/packet';
import type { EventStore } from '@lorawatch/event-store/event-store.port';
import type { Metrics } from '@lorawatch/ops/metrics';
import { SetAsideOffsets } from '@lorawatch/ops/set-aside-records';
import type { RestartPolicy } from '@lorawatch/ops/supervision';
import {
  entryOf,
  isPacketRecord,
  type Consumer,
  type LogRecord,
  type PacketLog,
  type PacketRecord,
} from '@lorawatch/packet-log/packet-log.port';
import { consumeSupervised } from '@lorawatch/packet-log/supervised-consumer';
import { POLICIES, type PolicyView } from '@lorawatch/policies';
import {
  CheckpointFencedError,
  type CheckpointMark,
  type ReadStore,
  type WriteOp,
} from '@lorawatch/read-store/read-store.port';
import { importExistingAssets } from './asset-import';
import { AssetObservationBatch } from './asset-observations';
import { DetectionOutbox, outboxOps, PendingOutput } from './detection-outbox';
import { DetectorOutput } from './detector-output';
import {
  advanceHeartbeat,
  DETECTOR_STATE,
  eventTimeKey,
  heartbeatStateKey,
  loadHeartbeats,
  loadPartitionEventTimes,
  storedWatermarks,
  type DataSourceHeartbeat,
  readDataSourceWatermark,
  watermarkKey,
  type DataSourceWatermark,
  type StateDoc,
} from './event-time-watermark';
import {
  deleteDiscoveries,
  DISCOVERY_PENDING,
  discoveredAt,
  discoveriesDoc,
  upsertDiscoveries,
  type PendingDiscoveries,
} from './discovery-pending';
import {
  deletePending,
  GATEWAY_PENDING,
  homePartition,
  pendingDoc,
  pendingId,
  upsertPending,
  type PendingGatewayPackets,
} from './gateway-packets';
import {
  deadlinesReachedBy,
  SILENCE_WATCH,
  silenceDeadline,
  silenceMoment,
  type SilenceWatch,
} from './silence-watch';
import type { PolicyProvider } from './policy-provider';

/** Document ids of the detector_state collection: one namespace per kind of state. */
const prefixed = (kind: string, key: string | null): string | null =>
  key === null ? null : `${kind}:${key}`;

export const DETECTOR_GROUP = 'detectors';
/** Lets packets gather into batches: one state commit per batch instead of one per packet, for ~10 ms of latency. */
const DETECTOR_LINGER_MS = 10;
const DEFAULT_TICK_INTERVAL_MS = 60_000;
/**
 * How often a replica that holds some of the partitions only folds what other replicas' batches left waiting for the
 * gateways and data sources whose home partition it holds (LAF-400, LAF-402 without waiting for a tick).
 */
const DEFAULT_FOLD_INTERVAL_MS = 1_000;
/**
 * Gateway packets a consumer leaves waiting before a batch folds what it can (up to gatewayFoldBound) without waiting
 * for a tick: a backlog detected without ticks then never holds more than about this many in `gateway_pending`.
 */
const GATEWAY_FOLD_EVERY = 5_000;

/** Name of the read-store checkpoint holding a partition's next offset (committed with the detector state). */
export const detectorCheckpoint = (partition: number): string => `detectors-p${partition}`;

/**
 * Name of the read-store checkpoint counting the commits that judged a partition's state: its batches, the folds of
 * the gateways and data sources homed there (a fold, a tick, or another partition's batch that folds) and the ticks
 * acting for it. Each such commit reads it before its reads and advances it by one (fenced where it read it), so two
 * of them that read the same state cannot both commit, even when neither moves the partition's offset (a tick, a
 * fold) (docs/architecture.md §9). A counter, not an offset.
 */
export const detectorJudgedCheckpoint = (partition: number): string => `detectors-judged-p${partition}`;

export interface DetectionRunnerOptions {
  /** Partitions this runner owns; all when unset (or, in a consumer group, those the group assigns it). */
  partitions?: number[];
  /**
   * Keep the sagas' state in memory between batches (default). Replicas sharing the partitions turn it off: a
   * partition that moves to another replica and back would otherwise meet state that replica has since changed.
   */
  cacheState?: boolean;
  /** How often silent devices and gateways are looked for (LAF-401, LAF-403); 0 turns the ticks off. */
  tickIntervalMs?: number;
  /**
   * How often a replica holding part of the partitions folds the gateway packets and devices discovered that other
   * replicas' batches left waiting for it (DEFAULT_FOLD_INTERVAL_MS); 0 turns it off. A runner holding every
   * partition folds at the end of its batches and never needs it.
   */
  foldIntervalMs?: number;
  /** Restart back-off after a failed batch, and attempts before a packet that always fails is set aside. */
  restart?: RestartPolicy;
  /** Gateway packets left waiting before a batch folds what it can without a tick (GATEWAY_FOLD_EVERY). */
  gatewayFoldEvery?: number;
}

/**
 * Feeds packets from the packet log through the detector sagas. Per partition batch: the sagas' state, the asset
 * read model, the partition's next offset and what the batch decided to append (alerts, issue clearances, asset
 * events: the detection outbox) are committed in one fenced transaction; only then is that output appended to the
 * event store, and taken out of the outbox. A fenced commit (another replica moved the partition on) writes and
 * appends nothing; a stop between the commit and the appends leaves them in the outbox, appended at the next start
 * (idempotent: deterministic ids, streams created with no_stream), so none is lost or doubled.
 *
 * A clock tick looks for assets whose silence deadline is at or before their watermark (event time, less the
 * allowed lateness: docs/architecture.md §9) and runs the tick detectors on them at that watermark. Ticks and
 * batches take turns, so a tick never works on state a batch is about to overwrite.
 *
 * Gateways are fed by every partition: their packets wait in `gateway_pending` and are folded into the gateway's
 * state in event-time order once every packet dated before them has been detected (gatewayFoldBound), at the end of
 * the batch that completes the log or at a tick, so the order in which the partitions were detected changes nothing.
 */
export class DetectionRunner {
  private readonly logger = new Logger('Detection');
  private readonly cache = new Map<string, unknown>();
  private readonly outbox: DetectionOutbox;
  /** Whether the outbox may hold output committed but not appended (at start, and after a failed append). */
  private outboxLeft = true;
  private consumer: Consumer | null = null;
  private timer: NodeJS.Timeout | null = null;
  private foldTimer: NodeJS.Timeout | null = null;
  private turn: Promise<unknown> = Promise.resolve();
  private readonly setAside: SetAsideOffsets;
  /** Gateway packets this runner left waiting since it last folded at the end of a batch. */
  private waitingSinceFold = 0;
  /** The judged counters as this runner last read or committed them: another value, another replica judged since. */
  private readonly judgedSeen = new Map<number, number>();

  constructor(
    private readonly packets: PacketLog,
    private readonly events: EventStore,
    private readonly store: ReadStore,
    private readonly policies: PolicyProvider,
    private readonly metrics: Metrics,
    private readonly options: DetectionRunnerOptions = {},
  ) {
    this.outbox = new DetectionOutbox(store, new DetectorOutput(events, metrics));
    store.collection<StateDoc>(DETECTOR_STATE);
    store.collection<DataSourceActivity>(DATA_SOURCE_ACTIVITY);
    store.collection<SilenceWatch>(SILENCE_WATCH);
    store.collection<PendingGatewayPackets>(GATEWAY_PENDING);
    this.setAside = new SetAsideOffsets(store, DETECTOR_GROUP);
  }

  start(): void {
    // What an earlier process committed and did not append, before anything else (and again before each batch and
    // tick until it has been appended).
    void this.inTurn(() => this.drainOutbox()).catch((error: unknown) =>
      this.logger.error(
        `Detector output not appended: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
    // Stores from before the asset events: their inventory is recorded once, before the first batch.
    void this.inTurn(() => importExistingAssets(this.events, this.store)).catch((error: unknown) =>
      this.logger.error(`Asset import failed: ${error instanceof Error ? error.message : String(error)}`),
    );
    // A failed batch is read again from the committed offset after a back-off; a packet that fails every
    // attempt is set aside with the checkpoint past it, and skipped the same way whenever it is read again.
    this.consumer = consumeSupervised(
      this.packets,
      { group: DETECTOR_GROUP, partitions: this.options.partitions, lingerMs: DETECTOR_LINGER_MS },
      (batch, { partition, end }) => this.inTurn(() => this.handleBatch(batch, partition, end)),
      {
        name: DETECTOR_GROUP,
        health: this.metrics.consumers,
        policy: this.options.restart,
        // A fenced commit: another replica moved the partition on; read again from its checkpoint, no packet at fault.
        refused: (error) => error instanceof CheckpointFencedError,
        setAside: (record, partition, error) =>
          this.inTurn(() =>
            this.setAside.setAside(partition, record.offset, entryOf(record).id, error, {
              name: detectorCheckpoint(partition),
              position: record.offset + 1,
            }),
          ),
      },
    );
    const interval = this.options.tickIntervalMs ?? DEFAULT_TICK_INTERVAL_MS;
    if (interval > 0) {
      this.timer = setInterval(() => {
        this.tick().catch((error: unknown) =>
          this.logger.error(`Tick failed: ${error instanceof Error ? error.message : String(error)}`),
        );
      }, interval);
      this.timer.unref();
    }
    const foldInterval = this.options.foldIntervalMs ?? DEFAULT_FOLD_INTERVAL_MS;
    if (foldInterval > 0) {
      this.foldTimer = setInterval(() => {
        this.fold().catch((error: unknown) =>
          this.logger.error(`Fold failed: ${error instanceof Error ? error.message : String(error)}`),
        );
      }, foldInterval);
      this.foldTimer.unref();
    }
  }

  async drained(): Promise<void> {
    await this.consumer?.drained();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.foldTimer) clearInterval(this.foldTimer);
    this.foldTimer = null;
    await this.consumer?.stop();
    this.consumer = null;
    await this.turn;
  }

  /**
   * Runs the clock detectors on every asset whose silence deadline is at or before its watermark. The watermarks
   * come from the records detected only (packets and heartbeats), never from a clock. Public for tests.
   */
  tick(): Promise<void> {
    return this.inTurn(() => this.handleTick());
  }

  /**
   * Folds what waits for the gateways and data sources whose home partition this replica holds, as far as every
   * partition has been detected (gatewayFoldBound), as a tick does but without judging any silence. Only for a
   * replica holding part of the partitions: the others' batches leave packets waiting that its own batches, folding
   * when the whole log is detected, would otherwise leave to its next tick. Public for tests.
   */
  fold(): Promise<void> {
    return this.inTurn(() => this.handleFold());
  }

  /**
   * Detects one batch of a partition's records, in offset order, as the consumer would hand it: for runs that read
   * the log themselves (the what-if sandbox) instead of through a consumer group.
   */
  detectBatch(batch: LogRecord[], partition: number): Promise<void> {
    if (batch.length === 0) return Promise.resolve();
    return this.inTurn(() => this.handleBatch(batch, partition));
  }

  private async drainOutbox(): Promise<void> {
    if (!this.outboxLeft) return;
    await this.outbox.drain();
    this.outboxLeft = false;
  }

  /**
   * Commits `ops` with the output the batch or tick decided (under `commit`, a key naming it), then appends that
   * output. `write` makes the commit (fenced); when it throws, nothing is appended. `committed` runs as soon as it
   * has committed (the state is remembered then): an append that fails afterwards leaves the output in the outbox,
   * appended before the next batch or tick.
   */
  private async commitWithOutput(
    commit: string,
    ops: WriteOp[],
    output: PendingOutput,
    write: (ops: WriteOp[]) => Promise<void>,
    committed: () => void,
  ): Promise<void> {
    const docs = output.docs(commit);
    await write([...ops, ...outboxOps(docs)]);
    committed();
    try {
      await this.outbox.deliver(docs);
    } catch (error) {
      this.outboxLeft = true;
      throw error;
    }
  }

  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const run = this.turn.then(work);
    this.turn = run.catch(() => undefined);
    return run;
  }

  /** `end`: the partition's end offset as the read of the batch saw it, when the log tells it (BatchContext). */
  private async handleBatch(batch: LogRecord[], partition: number, end?: number): Promise<void> {
    await this.drainOutbox();
    const checkpoint = detectorCheckpoint(partition);
    const next = await this.store.checkpoint(checkpoint);
    const skipped = await this.setAside.of(partition);
    const pending = batch.filter((record) => record.offset >= next && !skipped.has(record.offset));
    // Past the batch's set-aside packets too (they may close it).
    const position = batch[batch.length - 1].offset + 1;
    if (pending.length === 0) {
      if (position > next)
        await this.commitFenced([], { name: checkpoint, position, expected: next }, partition);
      return;
    }
    // Before the states it judges: a tick or fold of another replica that judges this partition meanwhile fences it.
    const judgedRead = await this.readJudged([partition]);
    const dirty = new Map<string, unknown>();
    const output = new PendingOutput();
    const observations = new AssetObservationBatch();
    const watches = new Map<string, WriteOp>();
    // This batch's packets of each gateway, folded below or left waiting (docs/architecture.md §9).
    const relayed = new Map<string, Fresh>();
    // This batch's devices discovered, per data source: counted with the gateways' packets (LAF-400).
    const discovered = new Map<number, FreshDiscoveries>();
    for (const record of pending) {
      if (!isPacketRecord(record)) {
        // A heartbeat: what the idle rule reads at the next tick (docs/architecture.md §9).
        const beatKey = heartbeatStateKey(record.heartbeat.dataSourceId);
        const known = (await this.state(beatKey, dirty)) as DataSourceHeartbeat | undefined;
        dirty.set(beatKey, advanceHeartbeat(known, record.heartbeat));
        continue;
      }
      const { packet } = record;
      const deviceKey = prefixed('device', deviceStateKey(packet));
      const gatewayKey = prefixed('gateway', gatewayStateKey(packet));
      const sessionKey = prefixed('session', sessionStateKey(packet));
      const policy = await this.policies.forDataSource(packet.dataSourceId);
      const session = sessionKey
        ? ((await this.state(sessionKey, dirty)) as SessionDetectionState | undefined)
        : undefined;
      const result = detectPacket({
        device: deviceKey
          ? ((await this.state(deviceKey, dirty)) as DeviceDetectionState | undefined)
          : undefined,
        session,
        packet,
        policy,
        gatewayName: packet.gatewayName || !gatewayKey ? null : await this.gatewayName(gatewayKey, dirty),
      });
      const scope = {
        organizationId: packet.organizationId,
        dataSourceId: packet.dataSourceId,
        at: packet.date,
      };
      if (deviceKey && result.device) {
        dirty.set(deviceKey, result.device);
        observations.see(deviceDocument(result.device, scope, policy), packet.date, partition, packet);
        watches.set(deviceKey, watchOp(deviceKey, partition, scope, silenceDeadline(result.device, policy)));
      }
      if (gatewayKey) {
        const fresh = relayed.get(gatewayKey);
        if (fresh) fresh.packets.push(packet);
        else
          relayed.set(gatewayKey, { id: pendingId(gatewayKey, partition, record.offset), packets: [packet] });
      }
      if (sessionKey && result.session) {
        dirty.set(sessionKey, result.session);
        // LAF-002 moves wait for the data source's watermark: a tick raises them (docs/architecture.md §9).
        const deadline = pendingMoveDeadline(result.session);
        if (deadline !== pendingMoveDeadline(session) || watches.has(sessionKey)) {
          watches.set(sessionKey, watchOp(sessionKey, partition, scope, deadline));
        }
      }
      if (result.discovered) {
        const sourceKey = dataSourceKey(packet.dataSourceId);
        const fresh = discovered.get(packet.dataSourceId);
        if (fresh) fresh.drafts.push(result.discovered);
        else
          discovered.set(packet.dataSourceId, {
            id: pendingId(sourceKey, partition, record.offset),
            drafts: [result.discovered],
          });
      }
      const timeKey = eventTimeKey(packet.dataSourceId, partition);
      const known = (await this.state(timeKey, dirty)) as PartitionEventTime | undefined;
      dirty.set(timeKey, advancePartitionEventTime(known, packet, partition));
      for (const alert of result.alerts) output.raise(alert);
      for (const clearance of result.cleared) output.clear(clearance);
    }
    const packets = pending.filter(isPacketRecord);
    const gatewayOps: WriteOp[] = [];
    // The batch's own partition is judged; a batch that folds judges the home partitions it folds for too.
    const folded = new Set<number>([partition]);
    if (relayed.size > 0 || discovered.size > 0) {
      // A runner consuming the log folds as soon as the whole log is detected (at once when it keeps pace), and every
      // GATEWAY_FOLD_EVERY packets left waiting as far as every partition has come; a tick does the rest.
      const log = this.consumer === null ? null : await this.logProgress(partition, position, end);
      const complete = log !== null && log.complete;
      this.waitingSinceFold += packets.length;
      const partial =
        log !== null &&
        !complete &&
        this.waitingSinceFold >= (this.options.gatewayFoldEvery ?? GATEWAY_FOLD_EVERY);
      let times: PartitionEventTime[] = [];
      if (partial) {
        await log.readAll();
        times = await this.eventTimesWith(dirty);
      }
      if (complete || partial) {
        this.waitingSinceFold = 0;
        // Before anything the fold reads: a fold, tick or batch of another replica that commits meanwhile fences it.
        const others = (this.ownedPartitions() ?? this.allPartitions()).filter((p) => p !== partition);
        for (const [p, count] of await this.readJudged(others)) judgedRead.set(p, count);
      }
      const gateways = byDataSourceOf(relayed);
      for (const dataSourceId of new Set([...gateways.keys(), ...discovered.keys()])) {
        const fresh = {
          gateways: gateways.get(dataSourceId) ?? new Map<string, Fresh>(),
          discoveries: discovered.get(dataSourceId),
        };
        let bound: number | null = complete ? Infinity : null;
        if (partial) {
          bound = gatewayFoldBound({
            dataSourceId,
            times,
            partitions: this.packets.partitions,
            caughtUp: log.caughtUp,
          });
        }
        if (bound !== null)
          await this.foldPending(dataSourceId, bound, fresh, {
            dirty,
            ops: gatewayOps,
            observations,
            output,
            folded,
          });
        else {
          for (const [key, { id, packets: held }] of fresh.gateways)
            gatewayOps.push(upsertPending(pendingDoc(id, key, held)));
          if (fresh.discoveries)
            gatewayOps.push(
              upsertDiscoveries(discoveriesDoc(fresh.discoveries.id, fresh.discoveries.drafts)),
            );
        }
      }
    }
    // The assets' discoveries and observations: one append per partition, after the batch's alerts.
    await observations.flush(output, (key) => this.state(key, dirty), dirty);
    const ops = [...stateOps(dirty), ...watches.values(), ...gatewayOps, ...activityOps(packets)];
    const judged = judgedMarks(judgedRead, folded);
    await this.commitWithOutput(
      `${checkpoint}@${offsetKey(position)}`,
      ops,
      output,
      (all) => this.commitFenced(all, [{ name: checkpoint, position, expected: next }, ...judged], partition),
      () => {
        this.judgedCommitted(judgedRead, folded);
        this.remember(dirty);
        this.metrics.packetsDetected.inc(packets.length);
      },
    );
  }

  /** The name a gateway's state remembers, for the device alerts of a packet that carries none. */
  private async gatewayName(gatewayKey: string, dirty: Map<string, unknown>): Promise<string | null> {
    const gateway = (await this.state(gatewayKey, dirty)) as GatewayDetectionState | undefined;
    return gateway?.name ?? null;
  }

  /**
   * How far the log is detected once this batch of `partition` commits up to `position`: which partitions are caught
   * up, and whether all are (the whole log detected). A batch the read already knew not to be the last (`end`)
   * answers without asking the log for its end offsets (on Kafka an admin call); the other partitions' checkpoints
   * are read only when this one is caught up or every partition is asked for (a partial fold).
   */
  private async logProgress(partition: number, position: number, end?: number): Promise<LogProgress> {
    const behind = end !== undefined && position < end;
    let ends = behind ? null : await this.packets.endOffsets();
    const next = new Map<number, number>([[partition, position]]);
    const caughtUp = (p: number) => ends !== null && (next.get(p) ?? 0) >= (ends[p] ?? 0);
    const read = async (p: number) => {
      if (!next.has(p)) next.set(p, await this.store.checkpoint(detectorCheckpoint(p)));
      return caughtUp(p);
    };
    let complete = !behind && caughtUp(partition);
    for (let p = 0; complete && p < this.packets.partitions; p++) complete = await read(p);
    return {
      complete,
      caughtUp: (p: number) => {
        if (!next.has(p)) throw new Error(`partition ${p} not read`);
        return caughtUp(p);
      },
      readAll: async () => {
        ends ??= await this.packets.endOffsets();
        for (let p = 0; p < this.packets.partitions; p++) await read(p);
      },
    };
  }

  /** The stored event times of every data source and partition, with this batch's not yet committed. */
  private async eventTimesWith(dirty: Map<string, unknown>): Promise<PartitionEventTime[]> {
    const times = new Map<string, PartitionEventTime>();
    for (const time of await loadPartitionEventTimes(this.store))
      times.set(eventTimeKey(time.dataSourceId, time.partition), time);
    for (const [key, state] of dirty)
      if (key.startsWith('eventtime:')) times.set(key, state as PartitionEventTime);
    return [...times.values()];
  }

  /**
   * Folds what waits of a data source up to `bound` (epoch ms; Infinity for all), with `fresh`, what the batch being
   * committed adds: its gateways' packets into their states (foldGatewayPackets) and its devices discovered into its
   * device count (countDiscoveries), each in event-time order. Each gateway is folded by the owner of its home
   * partition, the discoveries by the owner of the data source's; the rest keep waiting. Writes go to `dirty`, `ops`.
   */
  private async foldPending(
    dataSourceId: number,
    bound: number,
    fresh: { gateways: Map<string, Fresh>; discoveries?: FreshDiscoveries },
    judged: Judged,
  ): Promise<void> {
    await this.foldGateways(dataSourceId, bound, fresh.gateways, judged);
    await this.countDiscovered(dataSourceId, bound, fresh.discoveries, judged);
  }

  private async foldGateways(
    dataSourceId: number,
    bound: number,
    fresh: Map<string, Fresh>,
    judged: Judged,
  ): Promise<void> {
    const { ops } = judged;
    const waiting = await this.store
      .collection<PendingGatewayPackets>(GATEWAY_PENDING)
      .find(bound === Infinity ? { dataSourceId } : { dataSourceId, earliest: { $lte: bound } });
    const stored = new Map<string, PendingGatewayPackets[]>();
    for (const doc of waiting) {
      const docs = stored.get(doc.gatewayKey);
      if (docs) docs.push(doc);
      else stored.set(doc.gatewayKey, [doc]);
    }
    const owned = this.ownedPartitions();
    const due = (packet: Packet) => Date.parse(packet.date) <= bound;
    for (const gatewayKey of new Set([...stored.keys(), ...fresh.keys()])) {
      const batch = fresh.get(gatewayKey);
      const home = homePartition(gatewayKey, this.packets.partitions);
      if (owned && !owned.includes(home)) {
        if (batch) ops.push(upsertPending(pendingDoc(batch.id, gatewayKey, batch.packets)));
        continue;
      }
      const folded: Packet[] = [];
      const waitingDocs = stored.get(gatewayKey) ?? [];
      if (waitingDocs.length > 0) judged.folded.add(home);
      for (const doc of waitingDocs) {
        const later = doc.packets.filter((packet) => !due(packet));
        folded.push(...doc.packets.filter(due));
        ops.push(
          later.length > 0 ? upsertPending(pendingDoc(doc.id, gatewayKey, later)) : deletePending(doc.id),
        );
      }
      if (batch) {
        const later = batch.packets.filter((packet) => !due(packet));
        folded.push(...batch.packets.filter(due));
        if (later.length > 0) ops.push(upsertPending(pendingDoc(batch.id, gatewayKey, later)));
      }
      if (folded.length > 0) {
        judged.folded.add(home);
        await this.foldGateway(gatewayKey, home, folded, judged);
      }
    }
  }

  /** LAF-400: the data source's devices discovered up to `bound`, counted in event-time order (countDiscoveries). */
  private async countDiscovered(
    dataSourceId: number,
    bound: number,
    fresh: FreshDiscoveries | undefined,
    { dirty, ops, output, folded }: Judged,
  ): Promise<void> {
    const sourceKey = dataSourceKey(dataSourceId);
    const owned = this.ownedPartitions();
    const home = homePartition(sourceKey, this.packets.partitions);
    if (owned && !owned.includes(home)) {
      if (fresh) ops.push(upsertDiscoveries(discoveriesDoc(fresh.id, fresh.drafts)));
      return;
    }
    const waiting = await this.store
      .collection<PendingDiscoveries>(DISCOVERY_PENDING)
      .find(bound === Infinity ? { dataSourceId } : { dataSourceId, earliest: { $lte: bound } });
    if (waiting.length > 0) folded.add(home);
    const due: AlertDraft[] = [];
    for (const { id, drafts } of [...waiting, ...(fresh ? [fresh] : [])]) {
      const later = drafts.filter((draft) => discoveredAt(draft) > bound);
      due.push(...drafts.filter((draft) => discoveredAt(draft) <= bound));
      if (later.length > 0) ops.push(upsertDiscoveries(discoveriesDoc(id, later)));
      else if (id !== fresh?.id) ops.push(deleteDiscoveries(id));
    }
    if (due.length === 0) return;
    folded.add(home);
    const result = countDiscoveries({
      dataSource: (await this.state(sourceKey, dirty)) as StoredDataSource | undefined,
      discovered: due,
      policy: await this.policies.forDataSource(dataSourceId),
    });
    if (result.dataSource) dirty.set(sourceKey, result.dataSource);
    for (const alert of result.alerts) output.raise(alert);
  }

  private async foldGateway(
    gatewayKey: string,
    home: number,
    packets: Packet[],
    { dirty, ops, observations, output }: Judged,
  ): Promise<void> {
    const newest = packets.reduce((a, b) => (inEventTimeOrder(a, b) >= 0 ? a : b));
    const policy = await this.policies.forDataSource(newest.dataSourceId);
    const result = foldGatewayPackets({
      gateway: (await this.state(gatewayKey, dirty)) as GatewayDetectionState | undefined,
      packets,
      policy,
    });
    if (result.gateway) {
      const scope = {
        organizationId: newest.organizationId,
        dataSourceId: newest.dataSourceId,
        at: newest.date,
      };
      dirty.set(gatewayKey, result.gateway);
      observations.see(gatewayDocument(result.gateway, scope), newest.date, home, newest);
      ops.push(watchOp(gatewayKey, home, scope, silenceDeadline(result.gateway, policy)));
    }
    for (const alert of result.alerts) output.raise(alert);
    for (const clearance of result.cleared) output.clear(clearance);
  }

  /** Every partition of the log. */
  private allPartitions(): number[] {
    return Array.from({ length: this.packets.partitions }, (_none, partition) => partition);
  }

  /** The judged counters of `partitions`, read before the state they guard (detectorJudgedCheckpoint). */
  private async readJudged(partitions: number[]): Promise<JudgedCounts> {
    const read: JudgedCounts = new Map();
    for (const partition of partitions) {
      const count = await this.store.checkpoint(detectorJudgedCheckpoint(partition));
      read.set(partition, count);
      // Another replica folded or ticked for the partition since: what this one cached of its state may be older.
      const seen = this.judgedSeen.get(partition);
      if (seen !== undefined && seen !== count) this.cache.clear();
      this.judgedSeen.set(partition, count);
    }
    return read;
  }

  /** The judged counters a commit advanced (judgedMarks of `read` and `partitions`), as this runner now knows them. */
  private judgedCommitted(read: JudgedCounts, partitions: Iterable<number>): void {
    for (const partition of partitions) this.judgedSeen.set(partition, (read.get(partition) ?? 0) + 1);
  }

  /** In a consumer group, the partitions held right now; undefined when this runner holds them all. */
  private ownedPartitions(): number[] | undefined {
    return this.options.partitions ?? this.consumer?.assignedPartitions();
  }

  /**
   * Commits a batch fenced on the checkpoint it was read from. Refused, another replica has taken the partition
   * and moved it on (this one stalled past its session): nothing was written, the cached state may be older than
   * the stored one and is dropped (all of it: shared assets' state is not kept per partition), and the batch fails
   * so that the consumer reads the partition again from the stored checkpoint (`refused` in the supervision).
   */
  private async commitFenced(
    ops: WriteOp[],
    checkpoint: CheckpointMark | CheckpointMark[],
    partition: number,
  ): Promise<void> {
    try {
      await this.store.commit(ops, checkpoint);
    } catch (error) {
      if (error instanceof CheckpointFencedError) {
        this.cache.clear();
        this.metrics.consumers.fenced(DETECTOR_GROUP, `partition ${partition}`, error);
      }
      throw error;
    }
  }

  /**
   * Silences are judged at the watermarks of each data source and partition, computed from the stored records
   * (docs/architecture.md §9), so a backlog detected long after it was sent raises only what paced traffic would.
   */
  private async handleTick(): Promise<void> {
    await this.drainOutbox();
    // In a consumer group, the partitions held right now: each silent asset is looked at by one replica.
    const owned = this.ownedPartitions();
    const acted = owned ?? this.allPartitions();
    // Before anything the tick reads: another replica's tick, fold or folding batch that commits meanwhile fences it.
    const judgedRead = await this.readJudged(acted);
    const [times, ends, heartbeats] = await Promise.all([
      loadPartitionEventTimes(this.store),
      this.packets.endOffsets(),
      loadHeartbeats(this.store),
    ]);
    if (times.length === 0) return;
    const next = await Promise.all(
      ends.map((_end, partition) => this.store.checkpoint(detectorCheckpoint(partition))),
    );
    const caughtUp = (partition: number): boolean => (next[partition] ?? 0) >= (ends[partition] ?? 0);
    const dirty = new Map<string, unknown>();
    const ops: WriteOp[] = [];
    const observations = new AssetObservationBatch();
    const output = new PendingOutput();
    const sink: Judged = { dirty, ops, observations, output, folded: new Set() };
    for (const [dataSourceId, partitions] of byDataSource(times)) {
      const heartbeat = heartbeats.get(dataSourceId) ?? null;
      const marks = storedWatermarks({ partitions, caughtUp, heartbeat });
      const context = await this.tickContext(dataSourceId, marks.connection);
      if (marks.dataSource !== null) {
        const stored = await readDataSourceWatermark(this.store, dataSourceId);
        if (stored === null || Date.parse(stored.at) < marks.dataSource) {
          const state: DataSourceWatermark = { dataSourceId, at: new Date(marks.dataSource).toISOString() };
          dirty.set(watermarkKey(dataSourceId), state);
        }
      }
      // Gateways: their packets folded up to where every partition has detected, then their silences judged at the
      // data source's watermark (the least of its partitions'), which that fold has passed.
      const bound = gatewayFoldBound({ dataSourceId, times, partitions: ends.length, caughtUp });
      if (bound !== null) await this.foldPending(dataSourceId, bound, { gateways: new Map() }, sink);
      const reached = bound === null ? null : Math.min(...marks.byPartition.values(), bound);
      const judged = [...marks.byPartition].filter(([partition]) => !owned || owned.includes(partition));
      // The watches due of the data source, read once (nothing is committed before the end of the tick): gateways'
      // before the whole minute of `reached`, the others' at or before the watermark of their partition.
      const due = await this.dueWatches(dataSourceId, [
        ...(reached === null ? [] : [deadlinesReachedBy(reached)]),
        ...judged.map(([, watermark]) => watermark),
      ]);
      if (reached !== null) {
        const gatewaysBefore = deadlinesReachedBy(reached);
        for (const watch of due) {
          if (!watch.id.startsWith('gateway:') || !(watch.deadline < gatewaysBefore)) continue;
          if (owned && !owned.includes(watch.partition)) continue;
          await this.tickAsset(watch, reached, context, sink);
        }
      }
      for (const [partition, watermark] of judged) {
        for (const watch of due) {
          if (watch.partition !== partition || !(watch.deadline <= watermark)) continue;
          if (watch.id.startsWith('gateway:')) continue;
          if (!watch.id.startsWith('session:')) {
            if (watch.deadline < deadlinesReachedBy(watermark))
              await this.tickAsset(watch, watermark, context, sink);
          } else if (marks.dataSource !== null && watch.deadline <= marks.dataSource) {
            await this.tickSession(watch, new Date(marks.dataSource).toISOString(), context, sink);
          }
        }
      }
    }
    await observations.flush(output, (key) => this.state(key, dirty), dirty);
    if (dirty.size === 0 && ops.length === 0 && output.size === 0) return;
    await this.commitJudged('tick', acted, next, { read: judgedRead, partitions: acted }, sink);
  }

  private async handleFold(): Promise<void> {
    await this.drainOutbox();
    const owned = this.ownedPartitions();
    if (owned === undefined || owned.length === 0 || owned.length >= this.packets.partitions) return;
    const [gateways, discoveries] = await Promise.all([
      this.store.collection<PendingGatewayPackets>(GATEWAY_PENDING).count(),
      this.store.collection<PendingDiscoveries>(DISCOVERY_PENDING).count(),
    ]);
    if (gateways + discoveries === 0) return;
    // Before anything the fold folds from: another replica's fold, tick or folding batch that commits meanwhile fences
    // it (an idle fold, with nothing waiting, reads no counter).
    const judgedRead = await this.readJudged(owned);
    const [times, ends] = await Promise.all([loadPartitionEventTimes(this.store), this.packets.endOffsets()]);
    const next = await Promise.all(
      ends.map((_end, partition) => this.store.checkpoint(detectorCheckpoint(partition))),
    );
    const caughtUp = (partition: number): boolean => (next[partition] ?? 0) >= (ends[partition] ?? 0);
    const dirty = new Map<string, unknown>();
    const sink: Judged = {
      dirty,
      ops: [],
      observations: new AssetObservationBatch(),
      output: new PendingOutput(),
      folded: new Set(),
    };
    for (const dataSourceId of new Set(times.map((time) => time.dataSourceId))) {
      const bound = gatewayFoldBound({ dataSourceId, times, partitions: ends.length, caughtUp });
      if (bound !== null) await this.foldPending(dataSourceId, bound, { gateways: new Map() }, sink);
    }
    await sink.observations.flush(sink.output, (key) => this.state(key, dirty), dirty);
    if (dirty.size === 0 && sink.ops.length === 0 && sink.output.size === 0) return;
    await this.commitJudged('fold', owned, next, { read: judgedRead, partitions: sink.folded }, sink);
  }

  /**
   * Commits what a tick or a fold judged, fenced on every partition it acted for (`partitions`), each expected where
   * it was read (`next`): a replica that took one over and moved it on since has newer state than was read, and
   * nothing is written nor appended; the next tick or fold judges again. `judged` advances the judged counters of the
   * partitions whose shared state it judged (detectorJudgedCheckpoint), fenced where they were read before its reads:
   * another tick, fold or folding batch that committed since read the same state, and this one writes nothing.
   */
  private async commitJudged(
    kind: 'tick' | 'fold',
    partitions: number[],
    next: number[],
    judged: { read: JudgedCounts; partitions: Iterable<number> },
    { dirty, ops, output }: Judged,
  ): Promise<void> {
    const fences = partitions.map((partition) => ({
      name: detectorCheckpoint(partition),
      position: next[partition] ?? 0,
      expected: next[partition] ?? 0,
    }));
    try {
      await this.commitWithOutput(
        `${kind}@${fences.map((fence) => offsetKey(fence.position)).join('.')}`,
        [...stateOps(dirty), ...ops],
        output,
        (all) => this.store.commit(all, [...fences, ...judgedMarks(judged.read, judged.partitions)]),
        () => {
          this.judgedCommitted(judged.read, judged.partitions);
          this.remember(dirty);
        },
      );
    } catch (error) {
      if (!(error instanceof CheckpointFencedError)) throw error;
      this.cache.clear();
      this.metrics.consumers.fenced(DETECTOR_GROUP, kind, error);
      this.logger.warn(
        `${kind === 'tick' ? 'Tick' : 'Fold'} not written: ${error.message}; judged again next time`,
      );
    }
  }

  /**
   * The silence watches of a data source whose deadline is at most the greatest of `bounds` (epoch ms), in id order;
   * none without bounds. One read per data source and tick: each caller keeps those its own bound admits.
   */
  private async dueWatches(dataSourceId: number, bounds: number[]): Promise<SilenceWatch[]> {
    if (bounds.length === 0) return [];
    const bound = Math.max(...bounds);
    return this.store
      .collection<SilenceWatch>(SILENCE_WATCH)
      .find(Number.isFinite(bound) ? { dataSourceId, deadline: { $lte: bound } } : { dataSourceId });
  }

  /**
   * Runs the silence detectors on one asset whose deadline the watermark `reached` (epoch ms) has passed, at the
   * moment its silence is judged (silenceMoment), its deadline taken again with the policy in force now. A deadline
   * that policy moves past the watermark is only written back, to be judged when the watermark reaches it.
   */
  private async tickAsset(
    watch: SilenceWatch,
    reached: number,
    context: TickContext,
    { dirty, ops, observations, output }: Judged,
  ): Promise<void> {
    const stored = (await this.state(watch.id, dirty)) as
      DeviceDetectionState | GatewayDetectionState | undefined;
    if (stored === undefined) return;
    const deadline = silenceDeadline(stored, context.policy);
    if (deadline === null || silenceMoment(deadline) > reached) {
      if (deadline !== watch.deadline) ops.push(watchOp(watch.id, watch.partition, watch, deadline));
      return;
    }
    const at = new Date(silenceMoment(deadline)).toISOString();
    const isDevice = watch.id.startsWith('device:');
    const result = detectOnTick({
      device: isDevice ? (stored as DeviceDetectionState) : undefined,
      gateway: isDevice ? undefined : (stored as GatewayDetectionState),
      at,
      policy: context.policy,
      policyName: context.policyName,
      dataSourceConnected: context.connection.connected,
    });
    const state = result.device ?? result.gateway;
    if (state === undefined) return;
    dirty.set(watch.id, state);
    const scope = { organizationId: watch.organizationId, dataSourceId: watch.dataSourceId, at };
    const doc = result.device
      ? deviceDocument(result.device, scope, context.policy)
      : gatewayDocument(result.gateway as GatewayDetectionState, scope);
    observations.see(doc, at, watch.partition);
    ops.push(watchOp(watch.id, watch.partition, scope, silenceDeadline(state, context.policy)));
    for (const alert of result.alerts) output.raise(alert);
    for (const clearance of result.cleared) output.clear(clearance);
  }

  /** Raises the LAF-002 moves of a session address that the data source's watermark `at` has passed. */
  private async tickSession(
    watch: SilenceWatch,
    at: string,
    context: TickContext,
    { dirty, ops, output }: Judged,
  ): Promise<void> {
    const stored = (await this.state(watch.id, dirty)) as SessionDetectionState | undefined;
    if (stored === undefined) return;
    const result = detectOnSessionTick({ session: stored, at, policy: context.policy });
    dirty.set(watch.id, result.session);
    const scope = { organizationId: watch.organizationId, dataSourceId: watch.dataSourceId };
    ops.push(watchOp(watch.id, watch.partition, scope, pendingMoveDeadline(result.session)));
    for (const alert of result.alerts) output.raise(alert);
  }

  /** `connection` is the one the log tells (storedWatermarks); a deleted data source raises nothing more. */
  private async tickContext(dataSourceId: number, connection: DataSourceConnection): Promise<TickContext> {
    const source = await this.store.collection<DataSourceView>(DATA_SOURCES).get(String(dataSourceId));
    const policyView = source
      ? await this.store.collection<PolicyView>(POLICIES).get(String(source.policyId))
      : null;
    return {
      policy: await this.policies.forDataSource(dataSourceId),
      policyName: policyView?.name ?? '',
      connection: { ...connection, connected: connection.connected && source?.deleted !== true },
    };
  }

  private remember(dirty: Map<string, unknown>): void {
    if (this.options.cacheState === false) return;
    for (const [key, state] of dirty) this.cache.set(key, state);
    if (this.cache.size > 200_000) this.cache.clear();
  }

  private async state(key: string, dirty: Map<string, unknown>): Promise<unknown> {
    if (dirty.has(key)) return dirty.get(key);
    if (this.cache.has(key)) return this.cache.get(key);
    const doc = await this.store.collection<StateDoc>(DETECTOR_STATE).get(key);
    return doc?.state;
  }
}

interface LogProgress {
  /** Every partition caught up: the whole log is detected. */
  complete: boolean;
  /** Whether a partition is caught up; after `readAll` for every partition. */
  caughtUp(partition: number): boolean;
  readAll(): Promise<void>;
}

/** A batch's packets of one gateway and the pending document they would wait in. */
interface Fresh {
  id: string;
  packets: Packet[];
}

/** A batch's devices discovered in one data source and the pending document they would wait in. */
interface FreshDiscoveries {
  id: string;
  drafts: AlertDraft[];
}

/** The detector_state id of a data source's state (its device count). */
const dataSourceKey = (dataSourceId: number): string =>
  prefixed('datasource', dataSourceStateKey({ dataSourceId })) as string;

/** The gateways of a batch, grouped by their data source. */
function byDataSourceOf(relayed: Map<string, Fresh>): Map<number, Map<string, Fresh>> {
  const grouped = new Map<number, Map<string, Fresh>>();
  for (const [key, fresh] of relayed) {
    const dataSourceId = fresh.packets[0].dataSourceId;
    const group = grouped.get(dataSourceId) ?? new Map<string, Fresh>();
    group.set(key, fresh);
    grouped.set(dataSourceId, group);
  }
  return grouped;
}

/** Where a batch's or a tick's judgements go: states, writes, assets seen and output, all committed together. */
interface Judged {
  dirty: Map<string, unknown>;
  ops: WriteOp[];
  observations: AssetObservationBatch;
  output: PendingOutput;
  /**
   * Partitions whose judged counters must fence this commit: a batch's own, and the home partitions whose gateways or
   * data sources it folds.
   */
  folded: Set<number>;
}

/** The judged counters a commit read (partition → count), before it read the state they guard. */
type JudgedCounts = Map<number, number>;

/** Marks advancing the judged counters of `partitions` by one, each fenced where it was read. */
function judgedMarks(read: JudgedCounts, partitions: Iterable<number>): CheckpointMark[] {
  return [...new Set(partitions)].map((partition) => {
    const expected = read.get(partition);
    if (expected === undefined) throw new Error(`judged counter of partition ${partition} not read`);
    return { name: detectorJudgedCheckpoint(partition), position: expected + 1, expected };
  });
}

/** An offset in an outbox order key: fixed width, so that keys sort as the offsets do. */
const offsetKey = (offset: number): string => String(offset).padStart(16, '0');

interface TickContext {
  policy: Awaited<ReturnType<PolicyProvider['forDataSource']>>;
  policyName: string;
  connection: DataSourceConnection;
}

function byDataSource(times: PartitionEventTime[]): Map<number, PartitionEventTime[]> {
  const grouped = new Map<number, PartitionEventTime[]>();
  for (const time of times) grouped.set(time.dataSourceId, [...(grouped.get(time.dataSourceId) ?? []), time]);
  return grouped;
}

function stateOps(states: Map<string, unknown>): WriteOp[] {
  return [...states].map(([id, state]) => {
    const doc: StateDoc = { id, state };
    return { op: 'upsert', collection: DETECTOR_STATE.name, doc };
  });
}

function watchOp(
  id: string,
  partition: number,
  scope: { organizationId: number; dataSourceId: number },
  deadline: number | null,
): WriteOp {
  if (deadline === null) return { op: 'delete', collection: SILENCE_WATCH.name, id };
  const doc: SilenceWatch = { id, partition, ...scope, deadline };
  return { op: 'upsert', collection: SILENCE_WATCH.name, doc };
}

/** The newest packet of each data source in the batch ("last message" of the data-source screens). */
function activityOps(records: PacketRecord[]): WriteOp[] {
  const newest = new Map<number, DataSourceActivity>();
  for (const { packet } of records) {
    const known = newest.get(packet.dataSourceId);
    if (!known || packet.receivedAt > known.lastPacketAt) {
      newest.set(packet.dataSourceId, {
        id: String(packet.dataSourceId),
        dataSourceId: packet.dataSourceId,
        organizationId: packet.organizationId,
        lastPacketAt: packet.receivedAt,
      });
    }
  }
  return [...newest.values()].map((doc) => ({ op: 'upsert', collection: DATA_SOURCE_ACTIVITY.name, doc }));
}
