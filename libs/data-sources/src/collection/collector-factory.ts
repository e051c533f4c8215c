import type { DataSourceType } from '@lorawatch/domain/packet';
import { createChirpstackV3Parser } from '@lorawatch/ingest/chirpstack-v3/chirpstack-v3-parser';
import type { CollectorSink } from '@lorawatch/ingest/mqtt/collector-sink';
import { MqttCollector } from '@lorawatch/ingest/mqtt/mqtt-collector';
import type { SecretBox } from '@lorawatch/platform/secret-box';
import type { DataSourceSettings } from '../domain/data-source.events';

/** What the supervisor runs for a data source, whatever the network server. */
export interface Collector {
  start(): void;
  stop(): Promise<void>;
}

export interface CollectorTarget {
  dataSourceId: number;
  organizationId: number;
  settings: DataSourceSettings;
}

type CollectorFactory = (target: CollectorTarget, sink: CollectorSink, secrets: SecretBox) => Collector;

function mqttCollector(parser: typeof createChirpstackV3Parser): CollectorFactory {
  return ({ dataSourceId, organizationId, settings }, sink, secrets) =>
    new MqttCollector(
      {
        dataSourceId,
        organizationId,
        host: settings.host ?? '',
        port: settings.port ?? 0,
        ssl: settings.ssl,
        username: settings.username ?? undefined,
        password: settings.passwordSealed ? secrets.open(settings.passwordSealed) : undefined,
        ca: settings.caCert ?? undefined,
        cert: settings.clientCert ?? undefined,
        key: settings.clientKeySealed ? secrets.open(settings.clientKeySealed) : undefined,
        topics: settings.topics,
        clientId: `lorawatch-ds-${dataSourceId}`,
        // Each collector attributes join accepts with its own correlator (in the parser).
        parse: parser(),
      },
      sink,
    );
}

/** One factory per network-server type; a type without one is listed but cannot be created yet. */
const COLLECTORS: Partial<Record<DataSourceType, CollectorFactory>> = {
  chirpstack_collector: mqttCollector(createChirpstackV3Parser),
};

export function collectableTypes(): DataSourceType[] {
  return Object.keys(COLLECTORS) as DataSourceType[];
}

export function createCollector(
  target: CollectorTarget,
  sink: CollectorSink,
  secrets: SecretBox,
): Collector | null {
  const factory = COLLECTORS[target.settings.type];
  return factory ? factory(target, sink, secrets) : null;
}
