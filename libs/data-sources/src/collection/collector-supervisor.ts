import { Logger } from '@nestjs/common';
import type { CommandBus } from '@nestjs/cqrs';
import type { Packet } from '@lorawatch/domain/packet';
import type { EventStore, Subscription } from '@lorawatch/event-store/event-store.port';
import { JoinAcceptCorrelator } from '@lorawatch/ingest/join-accept-correlator';
import { parseChirpstackV3Message } from '@lorawatch/ingest/chirpstack-v3/parse-chirpstack-v3-message';
import { MqttCollector } from '@lorawatch/ingest/mqtt/mqtt-collector';
import type { Metrics } from '@lorawatch/ops/metrics';
import type { PacketLog } from '@lorawatch/packet-log/packet-log.port';
import { SecretBox } from '@lorawatch/platform/secret-box';
import { RecordDataSourceStatusCommand } from '../commands/record-status/record-status.handler';
import { DataSourceEventTypes, type DataSourceCreated } from '../domain/data-source.events';

/** Malformed messages are logged at most this often per data source (they are always counted). */
const MALFORMED_LOG_INTERVAL_MS = 10_000;

/**
 * Keeps one collector running per data source: follows the data-source events from the start of the store,
 * connects each source, appends its packets to the packet log and records its connection status as events.
 */
export class CollectorSupervisor {
  private readonly logger = new Logger('Collectors');
  private readonly collectors = new Map<number, MqttCollector>();
  private subscription: Subscription | null = null;

  constructor(
    private readonly events: EventStore,
    private readonly packets: PacketLog,
    private readonly commands: CommandBus,
    private readonly secrets: SecretBox,
    private readonly metrics: Metrics,
  ) {}

  async start(): Promise<void> {
    this.subscription = this.events.subscribeToAll(
      { after: 0, types: [DataSourceEventTypes.Created] },
      (event) => {
        this.launch(event.data as DataSourceCreated);
      },
    );
    await this.subscription.caughtUp();
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    await Promise.all([...this.collectors.values()].map((collector) => collector.stop()));
    this.collectors.clear();
  }

  private launch(source: DataSourceCreated): void {
    if (this.collectors.has(source.dataSourceId) || source.type !== 'chirpstack_collector') return;
    const correlator = new JoinAcceptCorrelator();
    const label = { data_source: String(source.dataSourceId) };
    let lastMalformedLog = 0;
    const collector = new MqttCollector(
      {
        dataSourceId: source.dataSourceId,
        organizationId: source.organizationId,
        url: `${source.ssl ? 'mqtts' : 'mqtt'}://${source.host}:${source.port}`,
        username: source.username ?? undefined,
        password: source.passwordSealed ? this.secrets.open(source.passwordSealed) : undefined,
        ca: source.caCert ?? undefined,
        cert: source.clientCert ?? undefined,
        key: source.clientKeySealed ? this.secrets.open(source.clientKeySealed) : undefined,
        topics: source.topics,
        clientId: `lorawatch-ds-${source.dataSourceId}`,
        parse: parseChirpstackV3Message,
      },
      {
        onPackets: async (packets: Packet[]) => {
          this.metrics.messagesReceived.inc(label);
          const attributed = packets.map((packet) => correlator.observe(packet));
          await this.packets.append(attributed);
          this.metrics.packetsAppended.inc(attributed.length);
        },
        onStatus: (status, error) => {
          this.logger.log(
            `Data source ${source.dataSourceId} "${source.name}": ${status}${error ? ` (${error})` : ''}`,
          );
          this.commands
            .execute(new RecordDataSourceStatusCommand(source.dataSourceId, status, error ?? null))
            .catch((failure: unknown) =>
              this.logger.error(`Could not record the status: ${String(failure)}`),
            );
        },
        onMalformed: (reason, topic) => {
          this.metrics.messagesMalformed.inc(label);
          const now = Date.now();
          if (now - lastMalformedLog < MALFORMED_LOG_INTERVAL_MS) return;
          lastMalformedLog = now;
          this.logger.warn(
            `Data source ${source.dataSourceId}: malformed message on ${topic} skipped: ${reason}`,
          );
        },
      },
    );
    this.collectors.set(source.dataSourceId, collector);
    collector.start();
  }
}
