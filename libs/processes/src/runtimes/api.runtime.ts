import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import {
  BootstrapAdmin,
  type BootstrapOutcome,
} from '@lorawatch/accounts/commands/bootstrap-admin/bootstrap-admin';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { Metrics } from '@lorawatch/ops/metrics';
import { PACKET_LOG, type PacketLog } from '@lorawatch/packet-log/packet-log.port';
import { WrongExpectedRevisionError } from '@lorawatch/event-store/event-store.port';
import { SeedDefaultPolicy } from '@lorawatch/policies/seed-default-policy';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { RealtimeGateway } from '@lorawatch/realtime/realtime.gateway';
import { CheckpointWatch } from '../checkpoint-watch';
import { committedPositions, refreshConsumerLag, refreshProjectionLag } from '../gauges';
import { adminPasswordNotice } from '../start-banner';
import { processStatus, within, type ProcessRuntime, type ProcessState } from '../process-runtime';
import { ProjectionFollower } from '../projection-follower';
import { PROJECTOR_POSITION } from '../projector-progress';
import { PROJECTIONS_IN_ORDER, productAnnouncers } from '../read-models';
import { RealtimePublisher } from '../realtime-publisher';

/**
 * An api instance: REST and websocket over the read models the projector keeps, commands appended to the event
 * store. It seeds the default policy and the first administrator once the read models have caught up, and pushes
 * websocket messages from its own subscription as the projector commits (ProjectionFollower).
 */
@Injectable()
export class ApiRuntime implements ProcessRuntime, OnApplicationShutdown {
  private readonly logger = new Logger('Api');
  private state: ProcessState = 'starting';
  private readonly watch: CheckpointWatch;
  private readonly follower: ProjectionFollower;
  /** What the first-administrator seed did on this start (null until it ran). */
  bootstrap: BootstrapOutcome | null = null;
  /** Logs a generated administrator password; the standalone console shows it in its start-up banner instead. */
  announcePassword = true;

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(PACKET_LOG) private readonly packets: PacketLog,
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly metrics: Metrics,
    private readonly bootstrapAdmin: BootstrapAdmin,
    private readonly seedPolicy: SeedDefaultPolicy,
    realtime: RealtimeGateway,
  ) {
    this.watch = new CheckpointWatch(store);
    const publisher = new RealtimePublisher(store, realtime, productAnnouncers());
    this.follower = new ProjectionFollower(events, this.watch, PROJECTIONS_IN_ORDER, (projection, event) =>
      publisher.publishFollowed(projection, event),
    );
  }

  async start(): Promise<void> {
    const started = Date.now();
    this.logger.log('Waiting for the projector to catch up with the event store');
    await this.readModelsCaughtUp();
    await this.seed(() => this.seedPolicy.run());
    await this.seed(async () => {
      const admin = await this.bootstrapAdmin.run();
      this.bootstrap = admin;
      if (this.announcePassword && admin.username && admin.generatedPassword) {
        this.logger.warn(adminPasswordNotice(admin.username, admin.generatedPassword));
      }
    });
    // Ready means the seeds can be read back: the first administrator can sign in as soon as /health says so.
    await this.readModelsCaughtUp();
    await this.follower.start();
    this.state = 'ready';
    this.logger.log(`Ready in ${Date.now() - started} ms`);
  }

  status() {
    return processStatus(this.state, { following: this.follower.position });
  }

  /** Read-your-writes: waits until the projector has applied everything recorded so far, at most `timeoutMs`. */
  async settled(timeoutMs = 5000): Promise<void> {
    const head = await this.events.headPosition();
    await within(this.watch.reached(PROJECTOR_POSITION, head), timeoutMs);
  }

  async refreshGauges(): Promise<void> {
    const names = PROJECTIONS_IN_ORDER.map((projection) => projection.name);
    await refreshProjectionLag(this.events, this.metrics, await committedPositions(this.store, names));
    await refreshConsumerLag(this.packets, this.store, this.metrics);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.state === 'stopping') return;
    this.state = 'stopping';
    this.watch.stop();
    await this.follower.stop();
  }

  /** Waits until the projector has applied everything recorded so far (seeds read the read models). */
  private async readModelsCaughtUp(): Promise<void> {
    await this.watch.reached(PROJECTOR_POSITION, await this.events.headPosition());
  }

  /**
   * Several api instances may start at once: the seeds append with no_stream, so one wins and the others find
   * the stream taken; they then wait for the winner's events in the read models and look again.
   */
  private async seed(run: () => Promise<unknown>): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await run();
        return;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError) || attempt >= 5) throw error;
        await this.readModelsCaughtUp();
      }
    }
  }
}
