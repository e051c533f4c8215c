import { Logger } from '@nestjs/common';
import type { Subscription as RxSubscription } from 'rxjs';
import type { Packet } from '@lorawatch/domain/packet';
import type { EventStore, RecordedEvent, Subscription } from '@lorawatch/event-store/event-store.port';
import { DeviceAddressBook } from '@lorawatch/ingest';
import { CollectorHeartbeat } from '@lorawatch/ingest';
import type { Metrics } from '@lorawatch/ops/metrics';
import { GroupAppender } from '@lorawatch/packet-log/group-appender';
import type { PacketLog } from '@lorawatch/packet-log/packet-log.port';
import { EgressPolicy, type EgressRules } from '@lorawatch/platform/egress/egress-policy';
import { EventStoreTenancy } from '@lorawatch/platform/egress/event-store-tenancy';
import type { SecretBox } from '@lorawatch/platform/secret-box';
import {
  RecordCollectorEventCommand,
  type CollectorReport,
} from '../commands/record-collector-event/record-collector-event.handler';
import { dataSourceEvolver, exists, type DataSourceState } from '../domain/data-source';
import { DataSourceEventTypes, type DataSourceEventPayloads } from '../domain/data-source.events';
import { collectableTypes, createCollector, type Collector } from './collector-factory';
import { installationId } from './installation-id';
import type { LeaseKeeper } from './lease/lease-keeper';
import { recordedOf } from '@lorawatch/event-store/typed-events';

/** Malformed messages become at most one FAILED_PARSING event per data source per minute (always counted). */
const PARSING_REPORT_INTERVAL_MS = 60_000;

/** Default interval of the collectors' heartbeats: the detectors' default tick (DETECTOR_TICK_SECONDS). */
export const DEFAULT_HEARTBEAT_INTERVAL_MS = 60_000;

/** Events that change what should run. */
const DESIRED_STATE_EVENTS = [
  DataSourceEventTypes.Created,
  DataSourceEventTypes.Updated,
  DataSourceEventTypes.Enabled,
  DataSourceEventTypes.Disabled,
  DataSourceEventTypes.Deleted,
];

/** Where collectors' reports go: the CommandBus in the apps. */
export interface CollectorReports {
  execute(command: RecordCollectorEventCommand): Promise<unknown>;
}

interface Running {
  collector: Collector;
  heartbeat: CollectorHeartbeat;
  /** The collector's DevAddr → DevEUI book: how far it can attribute frames to devices. */
  addressBook: DeviceAddressBook;
  /** The limitations last reported in this run (joined), null before the book knew anything. */
  reportedLimitations: string | null;
  /** Set when stopped because another collector takes over: its last words are not news about the data source. */
  handover: { retired: boolean };
  malformed: number;
  lastReason: string;
  lastReportAt: number;
  flush: NodeJS.Timeout | null;
}

/**
 * Keeps one collector running per enabled data source: follows the data-source events from the start of the
 * store, starts, restarts (after an update) and stops collectors, appends their packets to the packet log and
 * records what they report (status, malformed messages, failed logins) as data-source events. Packets of every
 * collector here that arrive while an append is being written are appended together in the next one (group
 * commit); each message is acknowledged to its broker once the append holding its packets is stored.
 *
 * With a LeaseKeeper (several collector processes), it runs only the data sources whose lease it holds, and stops
 * a collector as soon as its lease is lost; without one (standalone), it runs every enabled data source.
 *
 * Each collector has a heartbeat: while its data source is connected but quiet, or not connected, it appends
 * heartbeats to the packet log with the packets, from which the detectors judge a network that went quiet.
 */
export class CollectorSupervisor {
  private readonly logger = new Logger('Collectors');
  private readonly states = new Map<number, DataSourceState>();
  private readonly running = new Map<number, Running>();
  private subscription: Subscription | null = null;
  private caughtUp = false;
  private stopping = false;
  /** Start/stop operations run one at a time, in event order. */
  private queue: Promise<void> = Promise.resolve();
  private held: ReadonlySet<number> = new Set();
  private heldSubscription: RxSubscription | null = null;
  private readonly appender: GroupAppender;
  private installation = '';
  private readonly tenancy: EventStoreTenancy;
  /** Every broker and server a collector connects to is checked by it; null only in tests. */
  private readonly egress: EgressPolicy | null;

  constructor(
    private readonly events: EventStore,
    packets: PacketLog,
    private readonly commands: CollectorReports,
    private readonly secrets: SecretBox,
    private readonly metrics: Metrics,
    private readonly leases: LeaseKeeper | null = null,
    egressRules: EgressRules | null = null,
    /**
     * How often each collector appends a heartbeat to the packet log while its data source is quiet or not
     * connected (docs/architecture.md §9); 0 turns heartbeats off. The collector process uses DETECTOR_TICK_SECONDS.
     */
    private readonly heartbeatIntervalMs: number = DEFAULT_HEARTBEAT_INTERVAL_MS,
  ) {
    this.tenancy = new EventStoreTenancy(events);
    this.egress = egressRules ? new EgressPolicy(egressRules, this.tenancy) : null;
    this.appender = new GroupAppender(packets);
  }

  async start(): Promise<void> {
    this.installation = await installationId(this.events);
    this.subscription = this.events.subscribeToAll({ after: 0, types: DESIRED_STATE_EVENTS }, (event) =>
      this.follow(event),
    );
    await this.subscription.caughtUp();
    this.caughtUp = true;
    if (this.leases) {
      this.heldSubscription = this.leases.held$.subscribe((held) => this.onHeld(held));
      this.leases.setWanted(this.leasable());
      await this.leases.start();
    }
    for (const dataSourceId of this.states.keys()) this.schedule(() => this.reconcile(dataSourceId, false));
    await this.queue;
  }

  async stop(): Promise<void> {
    // Collectors report DISCONNECTED as they stop: that is not news for the data source.
    this.stopping = true;
    await this.subscription?.stop();
    this.heldSubscription?.unsubscribe();
    await this.queue;
    for (const running of this.running.values()) {
      if (running.flush) clearTimeout(running.flush);
      running.heartbeat.stop();
    }
    await Promise.all([...this.running.values()].map(({ collector }) => collector.stop()));
    this.running.clear();
    // Released only once nothing runs here any more, so that a successor never overlaps with us.
    await this.leases?.stop();
    await this.tenancy.stop();
  }

  /** The data sources it runs a collector for now (with leases: a subset of those it holds), for health and tests. */
  collecting(): number[] {
    return [...this.running.keys()].sort((a, b) => a - b);
  }

  /** Enabled data sources that a collector can run: what the collectors share out through leases. */
  private leasable(): number[] {
    const types = new Set(collectableTypes());
    return [...this.states.entries()]
      .filter(([, state]) => this.enabled(state) && state.settings !== null && types.has(state.settings.type))
      .map(([dataSourceId]) => dataSourceId);
  }

  private enabled(state: DataSourceState | undefined): state is DataSourceState {
    return (
      state !== undefined && exists(state) && state.status !== 'DISABLED' && state.organizationId !== null
    );
  }

  /** A lease won or lost: start or stop that data source's collector. */
  private onHeld(held: ReadonlySet<number>): void {
    const changed = [...held, ...this.held].filter((id) => held.has(id) !== this.held.has(id));
    this.held = held;
    for (const dataSourceId of changed) this.schedule(() => this.reconcile(dataSourceId, false));
  }

  private follow(event: RecordedEvent): void {
    const { dataSourceId } = recordedOf<DataSourceEventPayloads>(event).data;
    this.states.set(
      dataSourceId,
      dataSourceEvolver.evolve(this.states.get(dataSourceId) ?? dataSourceEvolver.initial, event),
    );
    // While catching up, only the final state matters: collectors start once, after.
    if (!this.caughtUp) return;
    this.leases?.setWanted(this.leasable());
    this.schedule(() =>
      this.reconcile(
        dataSourceId,
        event.type === DataSourceEventTypes.Updated,
        event.type === DataSourceEventTypes.Deleted,
      ),
    );
  }

  private schedule(operation: () => Promise<void>): void {
    this.queue = this.queue.then(operation).catch((error: unknown) => this.logger.error(String(error)));
  }

  private async reconcile(dataSourceId: number, settingsChanged: boolean, deleted = false): Promise<void> {
    const state = this.states.get(dataSourceId);
    const enabled = this.enabled(state);
    const leased = this.leases === null || this.leases.holds(dataSourceId);
    const current = this.running.get(dataSourceId);
    if (current && (!enabled || !leased || settingsChanged)) {
      this.reportMalformed(dataSourceId, current);
      if (enabled && !leased) {
        current.handover.retired = true;
        this.logger.log({ msg: 'Lease lost: collection stopped here', dataSourceId });
      }
      current.heartbeat.stop();
      // A deleted data source's session would go on queueing messages on the broker: it is ended.
      if (deleted && current.collector.stopAndEndSession) await current.collector.stopAndEndSession();
      else await current.collector.stop();
      this.running.delete(dataSourceId);
    } else if (deleted && this.leases === null) await this.endSession(dataSourceId, state);
    if (
      !enabled ||
      !leased ||
      this.running.has(dataSourceId) ||
      !state.settings ||
      state.organizationId === null
    )
      return;
    const handover = { retired: false };
    const heartbeat = new CollectorHeartbeat({
      dataSourceId,
      organizationId: state.organizationId,
      intervalMs: this.heartbeatIntervalMs,
      append: async (beat) => void (await this.appender.append([beat])),
      onError: (error) => this.logger.warn({ msg: `Heartbeat not stored: ${String(error)}`, dataSourceId }),
    });
    const addressBook = new DeviceAddressBook();
    const collector = createCollector(
      { dataSourceId, organizationId: state.organizationId, settings: state.settings },
      heartbeat.watch(this.sinkFor(dataSourceId, state.settings.name, handover)),
      { secrets: this.secrets, egress: this.egress, installationId: this.installation },
      addressBook,
    );
    if (!collector) {
      this.logger.warn({ msg: `No collector for type ${state.settings.type}`, dataSourceId });
      return;
    }
    this.running.set(dataSourceId, {
      collector,
      heartbeat,
      addressBook,
      reportedLimitations: null,
      handover,
      malformed: 0,
      lastReason: '',
      lastReportAt: 0,
      flush: null,
    });
    collector.start();
    heartbeat.start();
    if (current && settingsChanged) this.report(dataSourceId, { kind: 'RESTARTED' });
  }

  /** The session of a data source deleted while not collected here (disabled): ended all the same. */
  private async endSession(dataSourceId: number, state: DataSourceState | undefined): Promise<void> {
    if (!state?.settings || state.organizationId === null) return;
    const quiet = {
      onPackets: async () => undefined,
      onStatus: () => undefined,
      onMalformed: () => undefined,
    };
    const collector = createCollector(
      { dataSourceId, organizationId: state.organizationId, settings: state.settings },
      quiet,
      { secrets: this.secrets, egress: this.egress, installationId: this.installation },
    );
    await collector?.stopAndEndSession?.();
  }

  private sinkFor(dataSourceId: number, name: string, handover: Running['handover']) {
    const label = { data_source: String(dataSourceId) };
    return {
      onPackets: async (packets: Packet[]) => {
        this.metrics.messagesReceived.inc(label);
        await this.appender.append(packets);
        this.metrics.packetsAppended.inc(packets.length);
        this.reportLimitations(dataSourceId);
      },
      onStatus: (status: 'CONNECTED' | 'DISCONNECTED', error?: string) => {
        if (handover.retired) return;
        this.logger.log({
          msg: `Data source "${name}": ${status}${error ? ` (${error})` : ''}`,
          dataSourceId,
        });
        this.report(
          dataSourceId,
          status === 'CONNECTED'
            ? { kind: 'CONNECTED' }
            : { kind: 'DISCONNECTED', error: error ?? 'Connection lost' },
        );
      },
      onMalformed: (reason: string, topic: string) => {
        this.metrics.messagesMalformed.inc(label);
        this.malformed(dataSourceId, `${topic}: ${reason}`);
      },
      onLoginFailed: (message: string) => this.report(dataSourceId, { kind: 'LOGIN_FAILED', message }),
    };
  }

  /**
   * Records what the collector cannot see once its book knows (application events seen, or frames it could not
   * attribute), and again whenever that changes; the command drops what the data source already says.
   */
  private reportLimitations(dataSourceId: number): void {
    const running = this.running.get(dataSourceId);
    if (!running || running.handover.retired) return;
    const limitation = running.addressBook.limitation();
    if (limitation === null && running.addressBook.coverage().fromApplicationEvents === 0) return;
    const limitations = limitation === null ? [] : [limitation];
    const key = limitations.join('\n');
    if (running.reportedLimitations === key) return;
    running.reportedLimitations = key;
    this.report(dataSourceId, { kind: 'LIMITATIONS', limitations });
  }

  private malformed(dataSourceId: number, reason: string): void {
    const running = this.running.get(dataSourceId);
    if (!running) return;
    running.malformed++;
    running.lastReason = reason;
    const wait = running.lastReportAt + PARSING_REPORT_INTERVAL_MS - Date.now();
    if (wait <= 0) this.reportMalformed(dataSourceId, running);
    // Those of the rest of the period are reported together when it ends.
    else running.flush ??= setTimeout(() => this.reportMalformed(dataSourceId, running), wait).unref();
  }

  private reportMalformed(dataSourceId: number, running: Running): void {
    if (running.flush) clearTimeout(running.flush);
    running.flush = null;
    if (running.malformed === 0 || this.running.get(dataSourceId) !== running) return;
    this.logger.warn({
      msg: `${running.malformed} malformed message(s) skipped, last: ${running.lastReason}`,
      dataSourceId,
    });
    this.report(dataSourceId, {
      kind: 'PARSING_FAILED',
      message: running.lastReason,
      count: running.malformed,
    });
    running.malformed = 0;
    running.lastReportAt = Date.now();
  }

  private report(dataSourceId: number, report: CollectorReport): void {
    if (this.stopping) return;
    this.commands
      .execute(new RecordCollectorEventCommand(dataSourceId, report))
      .catch((failure: unknown) =>
        this.logger.error({ msg: `Could not record ${report.kind}: ${String(failure)}`, dataSourceId }),
      );
  }
}
