import { Logger } from '@nestjs/common';
import type { CommandBus } from '@nestjs/cqrs';
import type { AppConfig } from '@lorawatch/config/app-config';
import { CreateDataSourceCommand } from '@lorawatch/data-sources/commands/create-data-source/create-data-source.handler';
import type { DataSourceRequest } from '@lorawatch/data-sources/commands/shared/data-source-request.dto';
import { DATA_SOURCES, type DataSourceView } from '@lorawatch/domain/data-source.view';
import { DEFAULT_POLICY_ID } from '@lorawatch/policies/seed-default-policy';
import type { StartSummary } from '@lorawatch/processes/start-banner';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { ATTACK_KINDS } from '@lorawatch/simulator';
import { startDemoBroker, type DemoBroker } from '@lorawatch/simulator/demo-broker';
import { publishSimulation } from '@lorawatch/simulator/publish-simulation';

const DEMO_NAME = 'Demo network';
const DEVICES = 20;
const GATEWAYS = 3;

/** A simulated LoRaWAN network (in-process MQTT broker + traffic with attacks) so a new user sees live data at once. */
export class Demo {
  private readonly logger = new Logger('Demo');
  private broker: DemoBroker | null = null;
  private readonly abort = new AbortController();
  private simulation: Promise<unknown> | null = null;

  constructor(
    private readonly config: AppConfig,
    private readonly commands: CommandBus,
    private readonly store: ReadStore,
  ) {}

  static isDemoSource(source: DataSourceView, config: AppConfig): boolean {
    return source.name === DEMO_NAME && source.host === '127.0.0.1' && source.port === config.demoMqttPort;
  }

  async start(organizationId: number): Promise<NonNullable<StartSummary['demo']>> {
    this.broker = await startDemoBroker(this.config.demoMqttPort);
    const sources = await this.store
      .collection<DataSourceView>(DATA_SOURCES)
      .find({ organizationId, deleted: false });
    if (!sources.some((source) => Demo.isDemoSource(source, this.config))) {
      const request: DataSourceRequest = {
        name: DEMO_NAME,
        description: 'Simulated ChirpStack v3 network with every attack and anomaly the detectors know',
        data_collector_type_id: 1,
        policy_id: DEFAULT_POLICY_ID,
        ip: '127.0.0.1',
        port: this.config.demoMqttPort,
        ssl: false,
      };
      await this.commands.execute(new CreateDataSourceCommand(organizationId, 0, request));
    }
    this.simulation = publishSimulation({
      url: `mqtt://127.0.0.1:${this.broker.port}`,
      format: 'chirpstack-v3',
      devices: DEVICES,
      gateways: GATEWAYS,
      rate: this.config.demoRate,
      attacks: [...ATTACK_KINDS],
      // Often enough that a new user sees attacks within the first minutes.
      attackIntervalSeconds: 40,
      // Application events tell which device a data frame belongs to, as a ChirpStack server publishes them.
      applicationEvents: true,
      seed: Date.now() % 1_000_000,
      signal: this.abort.signal,
    }).catch((error: unknown) => this.logger.error(`The simulated network stopped: ${String(error)}`));
    const mqttUrl = `mqtt://127.0.0.1:${this.broker.port}`;
    this.logger.debug(`Demo network on ${mqttUrl}`);
    return { mqttUrl, devices: DEVICES, gateways: GATEWAYS, uplinksPerSecond: this.config.demoRate };
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.simulation;
    await this.broker?.close();
  }
}
