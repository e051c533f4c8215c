import type { DataSourceType } from '@lorawatch/domain/packet';
import { createChirpstackV3Parser } from '@lorawatch/ingest/chirpstack-v3/chirpstack-v3-parser';
import { createChirpstackV4Parser } from '@lorawatch/ingest/chirpstack-v4/chirpstack-v4-parser';
import type { CollectorSink } from '@lorawatch/ingest/mqtt/collector-sink';
import { MqttCollector } from '@lorawatch/ingest/mqtt/mqtt-collector';
import { TtnV2Collector } from '@lorawatch/ingest/ttn-v2/ttn-v2-collector';
import { createTtnV2Parser } from '@lorawatch/ingest/ttn-v2/ttn-v2-parser';
import { TtnV3Collector } from '@lorawatch/ingest/ttn-v3/ttn-v3-collector';
import { createTtnV3Parser } from '@lorawatch/ingest/ttn-v3/ttn-v3-parser';
import type { SecretBox } from '@lorawatch/platform/secret-box';
import { ttnBaseUrl } from '../domain/ttn-regions';
import { mqttEndpointOf } from './mqtt-endpoint';
import { ttnV2AccountOf } from './ttn-v2-account';
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
        ...mqttEndpointOf(settings, secrets),
        topics: settings.topics,
        clientId: `lorawatch-ds-${dataSourceId}`,
        // Each collector attributes join accepts with its own correlator (in the parser).
        parse: parser(),
      },
      sink,
    );
}

const ttnV3Collector: CollectorFactory = ({ dataSourceId, organizationId, settings }, sink, secrets) =>
  new TtnV3Collector(
    {
      dataSourceId,
      organizationId,
      baseUrl: ttnBaseUrl(settings),
      gatewayIds: (settings.gateways ?? []).map((gateway) => gateway.gatewayId),
      apiKey: settings.gatewayApiKeySealed ? secrets.open(settings.gatewayApiKeySealed) : '',
      parse: createTtnV3Parser(),
    },
    sink,
  );

const ttnV2Collector: CollectorFactory = ({ dataSourceId, organizationId, settings }, sink, secrets) =>
  new TtnV2Collector(
    { dataSourceId, organizationId, ...ttnV2AccountOf(settings, secrets), parse: createTtnV2Parser() },
    sink,
  );

/** One factory per network-server type; a type without one is listed but cannot be created yet. */
const COLLECTORS: Partial<Record<DataSourceType, CollectorFactory>> = {
  chirpstack_collector: mqttCollector(createChirpstackV3Parser),
  chirpstack_v4_collector: mqttCollector(createChirpstackV4Parser),
  ttn_v3_collector: ttnV3Collector,
  ttn_collector: ttnV2Collector,
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
