import { Logger } from '@nestjs/common';
import type { OrganizationAppKeys } from '@lorawatch/app-keys';
import { planKeyAudit } from '@lorawatch/detectors/app-keys/audit-join-keys';
import { initialKeyAuditState, type KeyAuditState } from '@lorawatch/detectors/app-keys/key-audit-state';
import type { KeySearchResult, KeySearchTask } from '@lorawatch/detectors/app-keys/key-search';
import { applyKeySearch } from '@lorawatch/detectors/app-keys/laf-008-app-key-recovered';
import type { DetectorStep, IssueClearance } from '@lorawatch/detectors/detector-step';
import { isAlertCode } from '@lorawatch/domain/alert-catalogue';
import type { PolicyView } from '@lorawatch/domain/policy';
import type { Metrics } from '@lorawatch/ops/metrics';
import { CheckpointFencedError, type ReadStore } from '@lorawatch/read-store/read-store.port';
import type { DetectorOutput } from '../detector-output';
import type { PolicyProvider } from '../policy-provider';
import { deleteJob, KEY_AUDIT_QUEUE, type KeyAuditJob, type KeyAuditQueue } from './key-audit-queue';
import type { KeySearchPool } from './key-search-pool';

interface KeyAuditDoc {
  id: string;
  state: KeyAuditState;
}
const KEY_AUDIT_STATE = { name: 'key_audit_state' };

/** Prefix of the read-store checkpoints counting the commits of each device's audit steps (keyAuditDeviceFence). */
export const KEY_AUDIT_DEVICE_FENCE_PREFIX = 'key-audit-device:';

/**
 * Name of the read-store checkpoint that counts a device's audit steps: each job reads it before it reads the job and
 * the device's state and advances it in its commits, fenced where it read it, so a job a stalled replica resumes
 * after another one ran it (and the device's next ones) writes nothing over the newer state. A counter per device.
 */
export const keyAuditDeviceFence = (device: string): string => `${KEY_AUDIT_DEVICE_FENCE_PREFIX}${device}`;

/** A job is tried at most this many times (its search, or its whole audit); then it is recorded as failed. */
const SEARCH_ATTEMPTS = 2;

export interface KeyAuditDispatcherOptions {
  store: ReadStore;
  queue: KeyAuditQueue;
  pool: KeySearchPool;
  output: DetectorOutput;
  policies: PolicyProvider;
  organizationKeys: OrganizationAppKeys;
  metrics: Metrics;
  /** The name its fenced job commits are counted under (lorawatch_checkpoint_fenced_total), apart from batches. */
  fencedAs: string;
  /** The partitions whose jobs this process runs (those its key-audit consumer owns now). */
  partitions: () => number[];
  /** Jobs running at once, across devices; a device never has more than one. */
  maxRunning: number;
  onCleared?: (clearance: IssueClearance) => Promise<void> | void;
}

type SearchOutcome = { kind: 'found'; result: KeySearchResult } | { kind: 'failed' } | { kind: 'stopped' };

/**
 * Feeds the queue to the search pool: one job per device at a time, in the device's packet order (its state is
 * sequential), many devices at once. Each job plans its step on the device's current state (cheap: most join
 * requests need no search at all), runs the search on a pool thread when one is needed, then appends the
 * alerts (deterministic ids) and commits the new state with the job's removal. A crash between the two re-runs
 * the job from the old state and finds the same alerts, which the event store already has.
 *
 * Replicas: a job is fenced on its device's step counter (keyAuditDeviceFence), read before the job and the state.
 * A step with something to append first claims it (advances the counter, fenced): refused, another replica stepped
 * the device since, and nothing is appended; then it commits its state fenced on its claim. A job taken by a replica
 * that stalled past its session while another ran it is refused, writes and appends nothing, and leaves the device's
 * newer state as it is.
 */
export class KeyAuditDispatcher {
  private readonly logger = new Logger('KeyAudit');
  /** Device → id of its running job. */
  private readonly running = new Map<string, string>();
  private readonly tasks = new Set<Promise<void>>();
  /** Job id → audits of it that threw so far (outside the search, which has its own retry). */
  private readonly errors = new Map<string, number>();
  private idleWaiters: Array<() => void> = [];
  private pumping = false;
  private pumpAgain = false;
  private stopping = false;

  constructor(private readonly options: KeyAuditDispatcherOptions) {
    options.store.collection<KeyAuditDoc>(KEY_AUDIT_STATE);
  }

  /** Ids of the jobs running now: the queue never drops them. */
  runningJobs(): ReadonlySet<string> {
    return new Set(this.running.values());
  }

  /** Looks for jobs to start; called when jobs were queued and when one finishes. */
  kick(): void {
    if (this.stopping) return;
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = true;
    void this.pump()
      .catch((error: unknown) => this.logger.error(`AppKey audit dispatch failed: ${String(error)}`))
      .finally(() => {
        this.pumping = false;
        if (this.pumpAgain) this.kick();
      });
  }

  /** Resolves once no job of this process's partitions is queued or running. */
  idle(): Promise<void> {
    if (this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
      this.kick();
    });
  }

  /** Starts no more jobs and waits for the running ones (the pool must be closed first so that they end now). */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.allSettled([...this.tasks]);
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private async pump(): Promise<void> {
    const { queue, maxRunning } = this.options;
    do {
      this.pumpAgain = false;
      let waiting = false;
      while (!this.stopping && this.running.size < maxRunning) {
        const room = maxRunning - this.running.size;
        const devices = await queue.devicesWaiting(this.options.partitions(), [...this.running.keys()], room);
        const started = await this.startJobs(devices);
        waiting ||= devices.length > 0;
        if (started === 0) {
          // Their jobs went in the meantime (done elsewhere, or dropped): look again.
          if (devices.length > 0) this.pumpAgain = true;
          break;
        }
      }
      if (!waiting && this.running.size === 0) {
        for (const resolve of this.idleWaiters.splice(0)) resolve();
      }
    } while (this.pumpAgain && !this.stopping);
  }

  private async startJobs(devices: string[]): Promise<number> {
    let started = 0;
    for (const device of devices) {
      if (this.stopping || this.running.has(device)) continue;
      const job = await this.options.queue.nextOf(device);
      if (job === null || this.running.has(device)) continue;
      this.running.set(device, job.id);
      started += 1;
      let retryLater = false;
      const task = this.run(job)
        .then(() => void this.errors.delete(job.id))
        .catch(async (error: unknown) => {
          retryLater = !(await this.giveUpAfterErrors(job, error));
        })
        .finally(() => {
          this.running.delete(device);
          this.tasks.delete(task);
          // After an error the job waits for the next rescan rather than failing again at once.
          if (!retryLater) this.kick();
        });
      this.tasks.add(task);
    }
    return started;
  }

  private async run(job: KeyAuditJob): Promise<void> {
    try {
      await this.step(job);
    } catch (error) {
      if (!(error instanceof CheckpointFencedError)) throw error;
      // Another replica stepped the device since this job was read: its state is newer, and it ran this job or
      // leaves it queued for whoever holds the partition now (read again, on the newer state).
      this.options.metrics.consumers.fenced(this.options.fencedAs, `device ${job.device}`, error);
    }
  }

  private async step(job: KeyAuditJob): Promise<void> {
    const { store, policies, organizationKeys, metrics } = this.options;
    const { packet } = job;
    // Read before the job and the state: a commit of another replica's step of this device moves it.
    const fence = keyAuditDeviceFence(job.device);
    let steps = await store.checkpoint(fence);
    // Done elsewhere since it was taken (another replica ran it before the counter was read).
    if ((await store.collection<KeyAuditJob>(KEY_AUDIT_QUEUE).get(job.id)) === null) return;
    const policy = await policies.forDataSource(packet.dataSourceId);
    if (!policy.isEnabled('LAF-008') && !policy.isEnabled('LAF-009')) {
      // Switched off since the job was queued: nothing to search nor to remember.
      await store.commit([deleteJob(job)]);
      metrics.keyAuditQueueDepth.dec();
      return;
    }
    const state = await this.storedState(job.device);
    const plan = planKeyAudit(state, {
      packet,
      policy,
      devAddr: packet.devAddr,
      organizationKeys: await organizationKeys.forOrganization(packet.organizationId),
    });
    let step: DetectorStep<KeyAuditState>;
    if (plan.kind === 'decided') {
      step = plan.step;
    } else {
      const outcome = await this.search(job, plan.search.task);
      if (outcome.kind === 'stopped') return;
      if (outcome.kind === 'failed') {
        metrics.keyAuditsFailed.inc();
        await store.commit([deleteJob(job)]);
        metrics.keyAuditQueueDepth.dec();
        return;
      }
      metrics.keyAuditTrials.inc(outcome.result.trials);
      step = applyKeySearch(plan.search, outcome.result.hit);
    }
    // Claimed before anything is appended: a stale step reaches neither the record nor the issue tracker.
    if (step.alerts.length > 0 || step.cleared.length > 0) {
      await store.commit([], { name: fence, position: steps + 1, expected: steps });
      steps += 1;
    }
    await this.record(step, policy);
    const doc: KeyAuditDoc = { id: job.device, state: step.state };
    await store.commit([{ op: 'upsert', collection: KEY_AUDIT_STATE.name, doc }, deleteJob(job)], {
      name: fence,
      position: steps + 1,
      expected: steps,
    });
    metrics.keyAuditsDone.inc();
    metrics.keyAuditQueueDepth.dec();
  }

  /** On a pool thread; a thread that dies is replaced and the search tried once more. */
  private async search(job: KeyAuditJob, task: KeySearchTask): Promise<SearchOutcome> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return { kind: 'found', result: await this.options.pool.search(task) };
      } catch (error) {
        if (this.stopping) return { kind: 'stopped' };
        if (attempt < SEARCH_ATTEMPTS) {
          this.logger.warn(`AppKey search of packet ${job.id} failed (${String(error)}); trying again`);
          continue;
        }
        this.logger.error(
          `AppKey audit of packet ${job.id} (device ${job.device}) failed ${attempt} times (${String(error)}); recorded as failed and skipped`,
        );
        return { kind: 'failed' };
      }
    }
  }

  private async record(step: DetectorStep<KeyAuditState>, policy: PolicyView): Promise<void> {
    const { output, onCleared } = this.options;
    for (const alert of step.alerts) {
      if (isAlertCode(alert.code) && policy.isEnabled(alert.code)) await output.raise(alert);
    }
    for (const cleared of step.cleared) {
      await output.clear(cleared);
      await onCleared?.(cleared);
    }
  }

  /**
   * A job whose audit threw (a store that did not answer, a packet the audit cannot read) is tried again later,
   * then recorded as failed and removed, so that one bad packet never holds its device's queue. True: given up.
   */
  private async giveUpAfterErrors(job: KeyAuditJob, error: unknown): Promise<boolean> {
    const errors = (this.errors.get(job.id) ?? 0) + 1;
    if (errors < SEARCH_ATTEMPTS) {
      this.errors.set(job.id, errors);
      this.logger.warn(`AppKey audit of packet ${job.id} failed (${String(error)}); it stays queued`);
      return false;
    }
    this.errors.delete(job.id);
    this.options.metrics.keyAuditsFailed.inc();
    this.logger.error(
      `AppKey audit of packet ${job.id} (device ${job.device}) failed ${errors} times (${String(error)}); recorded as failed and skipped`,
    );
    try {
      await this.options.store.commit([deleteJob(job)]);
      this.options.metrics.keyAuditQueueDepth.dec();
    } catch (deleteError) {
      this.logger.error(`AppKey audit job ${job.id} could not be removed: ${String(deleteError)}`);
    }
    return true;
  }

  private async storedState(device: string): Promise<KeyAuditState> {
    const doc = await this.options.store.collection<KeyAuditDoc>(KEY_AUDIT_STATE).get(device);
    return doc?.state ?? initialKeyAuditState();
  }
}
