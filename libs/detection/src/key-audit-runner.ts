import { Logger } from '@nestjs/common';
import { OrganizationAppKeys } from '@lorawatch/app-keys';
import { defaultKeyAuditThreads, DEFAULT_KEY_AUDIT_QUEUE_LIMIT } from '@lorawatch/config/app-config';
import { isKeyAuditPacket, keyAuditDeviceId } from '@lorawatch/detectors/app-keys/key-audit-packets';
import type { IssueClearance } from '@lorawatch/detectors/detector-step';
import type { EventStore } from '@lorawatch/event-store/event-store.port';
import type { Metrics } from '@lorawatch/ops/metrics';
import type { RestartPolicy } from '@lorawatch/ops/supervision';
import { SetAsideOffsets } from '@lorawatch/ops/set-aside-records';
import {
  entryOf,
  isPacketRecord,
  type Consumer,
  type LogRecord,
  type PacketLog,
} from '@lorawatch/packet-log/packet-log.port';
import { consumeSupervised } from '@lorawatch/packet-log/supervised-consumer';
import { CheckpointFencedError, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { DetectorOutput } from './detector-output';
import { KeyAuditDispatcher } from './key-audit/key-audit-dispatcher';
import { KeyAuditQueue, type KeyAuditJob } from './key-audit/key-audit-queue';
import { PiscinaKeySearchPool, type KeySearchPool } from './key-audit/key-search-pool';
import type { PolicyProvider } from './policy-provider';

export const KEY_AUDIT_GROUP = 'key-audit';
/** What the key audit's job commits refused by another replica's step of the device are counted as (not batches). */
export const KEY_AUDIT_JOBS = 'key-audit-jobs';
/** Read-store checkpoint holding a partition's next offset for the key audit (committed with the queued jobs). */
export const keyAuditCheckpoint = (partition: number): string => `key-audit-p${partition}`;

const RESCAN_INTERVAL_MS = 5000;

export interface KeyAuditRunnerOptions {
  packets: PacketLog;
  events: EventStore;
  store: ReadStore;
  policies: PolicyProvider;
  organizationKeys: OrganizationAppKeys;
  metrics: Metrics;
  partitions?: number[];
  /** Worker threads of the search pool (KEY_AUDIT_THREADS); one core less than the machine has by default. */
  threads?: number;
  /** Pending jobs kept at most (KEY_AUDIT_QUEUE_LIMIT). */
  queueLimit?: number;
  /** The search threads' module; the real worker unless a test needs one that misbehaves. */
  workerFile?: string;
  /**
   * Told of each LAF-009 condition that cleared (the key no longer verifies), after it is recorded for the issue
   * tracker and before the job is committed: at least once, with the same deterministic id.
   */
  onCleared?: (clearance: IssueClearance) => Promise<void> | void;
  /** Back-off of the restarts after a failed batch, and the attempts before a record is set aside. */
  restart?: RestartPolicy;
}

/**
 * Runs the weak-AppKey audit (LAF-008 / LAF-009) over the packet log in its own consumer group, as the original's
 * separate bruteforcer did, and keeps its cost off the event loop: a first search is ≈ 200,000 AES-CMAC trials
 * (≈ 0.1 s of CPU), so searches run on a pool of worker threads while the main thread goes on ingesting,
 * detecting and answering.
 *
 * The consumer only queues: each join request and attributed join accept becomes a job (id = packet id) in the
 * read store, committed together with the partition's next offset, so a crash neither loses nor repeats one. A
 * dispatcher feeds the pool from the queue (see KeyAuditDispatcher); the queue is bounded (see KeyAuditQueue).
 */
export class KeyAuditRunner {
  private readonly logger = new Logger('KeyAudit');
  private readonly queueLimit: number;
  private readonly queue: KeyAuditQueue;
  private readonly pool: KeySearchPool;
  private readonly dispatcher: KeyAuditDispatcher;
  private consumer: Consumer | null = null;
  private rescan: NodeJS.Timeout | null = null;
  private readonly setAside: SetAsideOffsets;

  constructor(private readonly options: KeyAuditRunnerOptions) {
    this.queueLimit = options.queueLimit ?? DEFAULT_KEY_AUDIT_QUEUE_LIMIT;
    this.queue = new KeyAuditQueue(options.store, this.queueLimit);
    this.setAside = new SetAsideOffsets(options.store, KEY_AUDIT_GROUP);
    const threads = options.threads ?? defaultKeyAuditThreads();
    this.pool = new PiscinaKeySearchPool({ threads, workerFile: options.workerFile });
    this.dispatcher = new KeyAuditDispatcher({
      store: options.store,
      queue: this.queue,
      pool: this.pool,
      output: new DetectorOutput(options.events, options.metrics),
      policies: options.policies,
      organizationKeys: options.organizationKeys,
      metrics: options.metrics,
      fencedAs: KEY_AUDIT_JOBS,
      partitions: () => this.consumer?.assignedPartitions() ?? [],
      // Each thread has the next search waiting when it finishes one.
      maxRunning: threads * 2,
      onCleared: options.onCleared,
    });
  }

  /** Starts consuming, and resumes the jobs a previous run left in the queue. */
  start(): void {
    // Supervised as the detectors are: a failed batch is read again after a back-off, a record that fails every
    // attempt is set aside, and a fenced commit (another replica took the partition on) just reads on from the
    // stored checkpoint.
    this.consumer = consumeSupervised(
      this.options.packets,
      { group: KEY_AUDIT_GROUP, partitions: this.options.partitions },
      (batch, { partition }) => this.enqueue(batch, partition),
      {
        name: KEY_AUDIT_GROUP,
        health: this.options.metrics.consumers,
        policy: this.options.restart,
        refused: (error) => error instanceof CheckpointFencedError,
        setAside: (record, partition, error) =>
          this.setAside.setAside(partition, record.offset, entryOf(record).id, error, {
            name: keyAuditCheckpoint(partition),
            position: record.offset + 1,
          }),
      },
    );
    this.rescanQueue();
    // Jobs of partitions handed over by another replica wait in the queue with no new packet to announce them;
    // the depth gauge, kept by this process between rescans, is set again from the store (replicas share it).
    this.rescan = setInterval(() => this.rescanQueue(), RESCAN_INTERVAL_MS).unref();
  }

  /** Resolves once every packet appended so far is queued. */
  async enqueued(): Promise<void> {
    await this.consumer?.drained();
  }

  /** Resolves once every packet appended so far is audited (or dropped, or failed). */
  async drained(): Promise<void> {
    await this.consumer?.drained();
    await this.dispatcher.idle();
  }

  /** Stops consuming and ends the pool's threads; unfinished jobs stay queued for the next start. */
  async stop(): Promise<void> {
    if (this.rescan) clearInterval(this.rescan);
    this.rescan = null;
    await this.consumer?.stop();
    this.consumer = null;
    const stopped = this.dispatcher.stop();
    await this.pool.close();
    await stopped;
  }

  private rescanQueue(): void {
    this.dispatcher.kick();
    this.queue
      .depth()
      .then((depth) => this.options.metrics.keyAuditQueueDepth.set(depth))
      .catch((error: unknown) => this.logger.warn(`AppKey audit queue unreadable: ${String(error)}`));
  }

  private async enqueue(batch: LogRecord[], partition: number): Promise<void> {
    const { store, policies, metrics } = this.options;
    const checkpoint = keyAuditCheckpoint(partition);
    const next = await store.checkpoint(checkpoint);
    const setAside = await this.setAside.of(partition);
    const pending = batch.filter((record) => record.offset >= next && !setAside.has(record.offset));
    if (pending.length === 0) return;
    const jobs: KeyAuditJob[] = [];
    for (const record of pending) {
      if (!isPacketRecord(record)) continue;
      const { packet, offset } = record;
      // Malformed join requests stop here: they never reach a search thread.
      if (!isKeyAuditPacket(packet)) continue;
      const policy = await policies.forDataSource(packet.dataSourceId);
      // The search is the costliest thing the server does: skip it entirely when nobody wants its alerts.
      if (!policy.isEnabled('LAF-008') && !policy.isEnabled('LAF-009')) continue;
      jobs.push({
        id: packet.id,
        device: keyAuditDeviceId(packet),
        organizationId: packet.organizationId,
        partition,
        offset,
        enqueuedAt: Date.now(),
        packet,
      });
    }
    const admission = await this.queue.admit(jobs, this.dispatcher.runningJobs());
    // Fenced on the checkpoint read above: a replica that stalled past its session must not move it back.
    const position = pending[pending.length - 1].offset + 1;
    try {
      await store.commit(admission.ops, { name: checkpoint, position, expected: next });
    } catch (error) {
      if (error instanceof CheckpointFencedError)
        metrics.consumers.fenced(KEY_AUDIT_GROUP, `partition ${partition}`, error);
      throw error;
    }
    if (admission.dropped.length > 0) {
      metrics.keyAuditsDropped.inc(admission.dropped.length);
      this.logger.warn(
        `AppKey audit queue full (${this.queueLimit} jobs): ${admission.dropped.length} join request(s) dropped unaudited`,
      );
    }
    metrics.keyAuditQueueDepth.set(admission.depth);
    if (jobs.length > 0) this.dispatcher.kick();
  }
}
