import { randomUUID } from 'node:crypto';
import {
  BadRequestException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  Optional,
  ServiceUnavailableException,
  type OnModuleDestroy,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@lorawatch/config/app-config';
import { DATA_SOURCES, type DataSourceView } from '@lorawatch/domain/data-source.view';
import type { PolicyItem } from '@lorawatch/domain/policy';
import { usesServers } from '@lorawatch/config/engine-urls';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { durationText } from '@lorawatch/platform/duration-text';
import { checkItems } from '@lorawatch/policies';
import { POLICIES, type PolicyView } from '@lorawatch/policies';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import type { WhatIfRequest } from './what-if.request';
import { DEFAULT_MAX_HEAP_MB, progressCounters, WhatIfPool } from './what-if-pool';
import type { WhatIfResult } from './what-if-result';
import type { WhatIfTask } from './what-if-run';

export type WhatIfStatus = 'running' | 'done' | 'failed' | 'cancelled';

/** The answer of GET what_if/{id}. */
export interface WhatIfJobJson {
  id: string;
  status: WhatIfStatus;
  progress: { packets_read: number; packets_total: number };
  error?: string;
  result?: WhatIfResult;
}

/** Limits of the what-if runs. */
export interface WhatIfLimits {
  /** A run going on longer is stopped and reported failed (default 10 minutes). */
  timeoutMs: number;
  /** Heap a run's thread may use (default DEFAULT_MAX_HEAP_MB). */
  maxHeapMb: number;
  /** How long a finished run's answer is kept (default an hour). */
  keepFinishedMs: number;
}

export const WHAT_IF_LIMITS = Symbol('WHAT_IF_LIMITS');

const DEFAULT_LIMITS: WhatIfLimits = {
  timeoutMs: 600_000,
  maxHeapMb: DEFAULT_MAX_HEAP_MB,
  keepFinishedMs: 3_600_000,
};

interface Job {
  id: string;
  key: string;
  organizationId: number;
  status: WhatIfStatus;
  progress: Float64Array;
  stop: AbortController;
  error?: string;
  result?: WhatIfResult;
  finishedAt?: number;
}

const badRequest = (text: string) => new BadRequestException({ error: text, message: text });
const notFound = (text: string) => new NotFoundException({ error: text, message: text });

/**
 * What-if runs of the API process: each one replays the stored packets through the detectors in a worker thread
 * (what-if-run.ts) and is kept in memory, its answer for an hour after it ends. A request identical to a running one
 * gets that run's id. Runs see the caller's organisation only: its data sources, its policies and the global ones.
 */
@Injectable()
export class WhatIfService implements OnModuleDestroy {
  private readonly logger = new Logger('What if');
  private readonly limits: WhatIfLimits;
  private readonly pool: WhatIfPool;
  private readonly jobs = new Map<string, Job>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Optional() @Inject(WHAT_IF_LIMITS) limits?: Partial<WhatIfLimits>,
  ) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
    this.pool = new WhatIfPool({ maxHeapMb: this.limits.maxHeapMb });
  }

  /** Starts a run (or finds the identical one running); 400 for a request that cannot run, 404 for what is not the caller's. */
  async start(organizationId: number, request: WhatIfRequest): Promise<{ id: string }> {
    if ((request.policy_id === undefined) === (request.policy === undefined))
      throw badRequest('Give either policy_id or policy, not both');
    const from = Date.parse(request.from);
    const to = Date.parse(request.to);
    if (!(from < to)) throw badRequest('from must be before to');
    if (usesServers(this.config.engines))
      throw new ServiceUnavailableException({
        error: 'What if needs the embedded engines: the packets and events are kept on servers here',
        message: 'What if needs the embedded engines: the packets and events are kept on servers here',
      });
    const policy = await this.policyOf(organizationId, request);
    const dataSourceId = request.data_collector_id ?? null;
    if (dataSourceId !== null) await this.checkDataSource(organizationId, dataSourceId);
    const task: WhatIfTask = {
      databaseFile: this.config.databaseFile,
      organizationId,
      dataSourceId,
      policy,
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
    };
    this.sweep();
    const key = JSON.stringify([
      organizationId,
      request.policy_id ?? null,
      policy.items,
      dataSourceId,
      task.from,
      task.to,
    ]);
    const running = [...this.jobs.values()].find((job) => job.key === key && job.status === 'running');
    if (running) return { id: running.id };
    return { id: this.launch(key, organizationId, task) };
  }

  status(organizationId: number, id: string): WhatIfJobJson {
    const job = this.jobOf(organizationId, id);
    return {
      id: job.id,
      status: job.status,
      progress: { packets_read: job.progress[0], packets_total: job.progress[1] },
      ...(job.error === undefined ? {} : { error: job.error }),
      ...(job.result === undefined ? {} : { result: job.result }),
    };
  }

  /** Stops a running run (its thread is ended); a finished one stays as it ended. */
  cancel(organizationId: number, id: string): void {
    const job = this.jobOf(organizationId, id);
    if (job.status !== 'running') return;
    this.finish(job, 'cancelled');
    job.stop.abort();
  }

  async onModuleDestroy(): Promise<void> {
    for (const job of this.jobs.values()) if (job.status === 'running') job.stop.abort();
    await this.pool.close();
  }

  private launch(key: string, organizationId: number, task: WhatIfTask): string {
    const counters = progressCounters();
    const job: Job = {
      id: randomUUID(),
      key,
      organizationId,
      status: 'running',
      progress: new Float64Array(counters),
      stop: new AbortController(),
    };
    this.jobs.set(job.id, job);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      job.stop.abort();
    }, this.limits.timeoutMs);
    timer.unref();
    this.pool
      .run({ ...task, progress: counters }, job.stop.signal)
      .then(
        (outcome) => {
          if ('result' in outcome) this.finish(job, 'done', { result: outcome.result });
          else this.finish(job, 'failed', { error: `The run failed: ${outcome.failure}` });
        },
        (error: unknown) => {
          if (timedOut) {
            const limit = durationText(this.limits.timeoutMs);
            this.finish(job, 'failed', { error: `The run took longer than ${limit} and was stopped` });
          } else if (!job.stop.signal.aborted) {
            this.finish(job, 'failed', { error: `The run failed: ${describe(error)}` });
          }
        },
      )
      .finally(() => clearTimeout(timer));
    return job.id;
  }

  private finish(
    job: Job,
    status: WhatIfStatus,
    outcome: { result?: WhatIfResult; error?: string } = {},
  ): void {
    if (job.status !== 'running') return;
    job.status = status;
    job.finishedAt = this.clock.now().getTime();
    if (outcome.result) {
      job.result = outcome.result;
      job.progress[0] = job.progress[1];
    }
    if (outcome.error !== undefined) {
      job.error = outcome.error;
      this.logger.warn(`What-if run ${job.id}: ${outcome.error}`);
    }
  }

  private jobOf(organizationId: number, id: string): Job {
    this.sweep();
    const job = this.jobs.get(id);
    if (!job || job.organizationId !== organizationId) throw notFound(`There is no what-if run ${id}`);
    return job;
  }

  /** Finished runs older than the time they are kept. */
  private sweep(): void {
    const oldest = this.clock.now().getTime() - this.limits.keepFinishedMs;
    for (const [id, job] of this.jobs)
      if (job.finishedAt !== undefined && job.finishedAt < oldest) this.jobs.delete(id);
  }

  private async policyOf(
    organizationId: number,
    request: WhatIfRequest,
  ): Promise<{ name: string; items: PolicyItem[] }> {
    if (request.policy !== undefined) {
      const checked = checkItems(request.policy.items, false);
      if (!checked.ok) throw badRequest(checked.errors.map((error) => error.message).join('; '));
      return { name: 'What if', items: checked.items };
    }
    const id = request.policy_id as number;
    const policy = await this.store.collection<PolicyView>(POLICIES).get(String(id));
    if (!policy || (policy.organizationId !== null && policy.organizationId !== organizationId))
      throw notFound(`There is no policy ${id}`);
    return { name: policy.name, items: policy.items };
  }

  private async checkDataSource(organizationId: number, dataSourceId: number): Promise<void> {
    const source = await this.store.collection<DataSourceView>(DATA_SOURCES).get(String(dataSourceId));
    if (!source || source.organizationId !== organizationId || source.deleted)
      throw notFound(`There is no data source ${dataSourceId}`);
  }
}

function describe(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') return 'it ran out of memory and was stopped';
  return error instanceof Error ? error.message : String(error);
}
