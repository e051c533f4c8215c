import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ModuleRef } from '@nestjs/core';
import { AggregatorRegistry } from 'prom-client';
import { APP_CONFIG, type AppConfig } from '@lorawatch/config/app-config';
import { DATA_SOURCES, type DataSourceView } from '@lorawatch/domain/data-source.view';
import { Metrics } from '@lorawatch/ops/metrics';
import { processStatus, type ProcessRuntime, type ProcessState } from '@lorawatch/processes/process-runtime';
import { ApiRuntime } from '@lorawatch/processes/runtimes/api.runtime';
import { CollectorRuntime } from '@lorawatch/processes/runtimes/collector.runtime';
import { DetectorRuntime } from '@lorawatch/processes/runtimes/detector.runtime';
import { ProjectorRuntime } from '@lorawatch/processes/runtimes/projector.runtime';
import type { DownWorker } from '@lorawatch/ops/supervision';
import type { StartSummary } from '@lorawatch/processes/start-banner';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { Demo } from './demo';
import { RuntimeThread } from './runtime-thread';

/** A runtime of the console's own process, with the stop it is given by Nest. */
type Part = ProcessRuntime & OnApplicationShutdown;

/**
 * The whole console as one service: the same four runtimes the scale-out processes run (projector, api, detector,
 * collector), on the embedded file, plus the demo network. By default the projector, the detector and the
 * collector each run in a worker thread of their own (`STANDALONE_THREADS=1`), so that detection, projections and
 * ingest use the machine's cores and never hold up the API and the websocket on the main thread; with
 * `STANDALONE_THREADS=0` all four run on one thread (tests, single-core machines).
 *
 * Order at start: read models catch up (projector), seeds run and the websocket follows the read models (api),
 * detectors join their groups, collectors connect, then the demo network. At stop, the reverse.
 */
@Injectable()
export class Runtime implements ProcessRuntime, BeforeApplicationShutdown {
  private readonly logger = new Logger('Runtime');
  private state: ProcessState = 'starting';
  private readonly threads = new Map<string, RuntimeThread>();
  private inThread: { projector: Part; detector: Part; collector: Part } | null = null;
  private demo: Demo | null = null;
  /** What the start-up banner tells the person who started the console. */
  readonly summary: StartSummary = { admin: null, demo: null };

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly api: ApiRuntime,
    private readonly commands: CommandBus,
    private readonly metrics: Metrics,
    private readonly moduleRef: ModuleRef,
  ) {}

  async start(): Promise<void> {
    const started = Date.now();
    // The banner shows a generated password once; the api need not log it as well.
    this.api.announcePassword = false;
    if (this.config.standaloneThreads) {
      // Threads take a few seconds to load the modules: all three load at once. The detector and the collector
      // need no read model to begin (their state and the data sources are in the event store and packet log).
      const projector = this.startThread('projector');
      const others = Promise.all([this.startThread('detector'), this.startThread('collector')]);
      // Handled below, after the api: a failure meanwhile must not count as unhandled.
      others.catch(() => undefined);
      await projector;
      await this.api.start();
      await others;
    } else {
      const part = <T>(type: new (...args: never[]) => T): T => this.moduleRef.get(type, { strict: false });
      this.inThread = {
        projector: part(ProjectorRuntime),
        detector: part(DetectorRuntime),
        collector: part(CollectorRuntime),
      };
      await this.inThread.projector.start();
      await this.api.start();
      await this.inThread.detector.start();
      await this.inThread.collector.start();
    }
    const admin = this.api.bootstrap;
    this.summary.admin =
      admin?.created && admin.username !== undefined
        ? { username: admin.username, generatedPassword: admin.generatedPassword ?? null }
        : null;
    if (admin && (await this.demoWanted())) {
      this.demo = new Demo(this.config, this.commands, this.store);
      this.summary.demo = await this.demo.start(admin.organizationId);
    }
    this.state = 'ready';
    this.logger.log(`Ready in ${Date.now() - started} ms`);
  }

  status() {
    const threads = Object.fromEntries([...this.threads].map(([role, thread]) => [role, thread.isReady]));
    const allReady = [...this.threads.values()].every((thread) => thread.isReady);
    const api = this.api.status();
    return processStatus(this.state === 'ready' && !allReady ? 'starting' : this.state, {
      ...api.details,
      ...(this.threads.size > 0 ? { threads } : {}),
    });
  }

  /** The threads' consumers that are down (/health reports the console degraded while there are any). */
  downElsewhere(): DownWorker[] {
    return [...this.threads.values()].flatMap((thread) =>
      thread.down.map((worker) => ({ ...worker, name: `${thread.role}: ${worker.name}` })),
    );
  }

  /** Read-your-writes: everything recorded so far is in the read models, waiting at most `timeoutMs`. */
  async settled(timeoutMs = 5000): Promise<void> {
    if (this.inThread) await this.inThread.projector.settled(timeoutMs);
    else await this.api.settled(timeoutMs);
  }

  /**
   * The gauges read from the engines. With threads, each thread refreshes its own when its metrics are gathered
   * (metricsText), and the api's would count them twice.
   */
  async refreshGauges(): Promise<void> {
    if (this.threads.size === 0) await this.api.refreshGauges();
  }

  /** Prometheus text of the whole console: this thread's registry and those of the runtime threads, summed. */
  async metricsText(): Promise<string> {
    await this.refreshGauges();
    if (this.threads.size === 0) return this.metrics.registry.metrics();
    const all = await Promise.all([
      this.metrics.registry.getMetricsAsJSON(),
      ...[...this.threads.values()].map((thread) => thread.metrics()),
    ]);
    return AggregatorRegistry.aggregate(all).metrics();
  }

  /** Before Nest stops the modules: the demo, then the collectors, the detectors, the api, the projections. */
  async beforeApplicationShutdown(): Promise<void> {
    this.state = 'stopping';
    await this.demo?.stop();
    if (this.inThread) {
      await this.inThread.collector.onApplicationShutdown();
      await this.inThread.detector.onApplicationShutdown();
      await this.api.onApplicationShutdown();
      await this.inThread.projector.onApplicationShutdown();
      return;
    }
    await this.threads.get('collector')?.stop();
    await this.threads.get('detector')?.stop();
    await this.api.onApplicationShutdown();
    await this.threads.get('projector')?.stop();
  }

  private async startThread(role: 'projector' | 'detector' | 'collector'): Promise<void> {
    const thread = new RuntimeThread(role, this.config);
    this.threads.set(role, thread);
    await thread.start();
  }

  /** DEMO=1 forces it, DEMO=0 turns it off; unset, it runs while no data source other than the demo's exists. */
  private async demoWanted(): Promise<boolean> {
    if (this.config.demo !== 'auto') return this.config.demo === 'on';
    const sources = await this.store.collection<DataSourceView>(DATA_SOURCES).find({ deleted: false });
    return sources.every((source) => Demo.isDemoSource(source, this.config));
  }
}
