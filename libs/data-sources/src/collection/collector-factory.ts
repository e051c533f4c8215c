import type { DataSourceType } from '@lorawatch/domain/packet';
import { DeviceAddressBook } from '@lorawatch/ingest';
import { createChirpstackV3Parser } from '@lorawatch/ingest';
import { createChirpstackV4Parser } from '@lorawatch/ingest';
import type { CollectorSink } from '@lorawatch/ingest';
import { MqttCollector } from '@lorawatch/ingest';
import { TtnV2Collector } from '@lorawatch/ingest';
import { createTtnV2Parser } from '@lorawatch/ingest';
import { TtnV3Collector } from '@lorawatch/ingest';
import { createTtnV3Parser } from '@lorawatch/ingest';
import type { EgressPolicy } from '@lorawatch/platform/egress/egress-policy';
import type { SecretBox } from '@lorawatch/platform/secret-box';
import { ttnBaseUrl } from '../domain/ttn-regions';
import { collectorClientId } from './installation-id';
import { mqttEndpointOf } from './mqtt-endpoint';
import { ttnV2AccountOf } from './ttn-v2-account';
import type { DataSourceSettings } from '../domain/data-source.events';

/** What the supervisor runs for a data source, whatever the network server. */
export interface Collector {
  start(): void;
  stop(): Promise<void>;
  /** For a deleted data source: stops and has the server forget this collector's session (MQTT clean session). */
  stopAndEndSession?(): Promise<unknown>;
}

/** What every collector of a process shares. */
export interface CollectorContext {
  secrets: SecretBox;
  /** The server's egress policy; null only in tests that connect where they like. */
  egress: EgressPolicy | null;
  /** Sets the MQTT client ids of this installation apart from any other's on the same broker. */
  installationId: string;
}

export interface CollectorTarget {
  dataSourceId: number;
  organizationId: number;
  settings: DataSourceSettings;
}

type CollectorFactory = (
  target: CollectorTarget,
  sink: CollectorSink,
  context: CollectorContext,
  addressBook: DeviceAddressBook,
) => Collector;

function mqttCollector(parser: typeof createChirpstackV3Parser): CollectorFactory {
  return (
    { dataSourceId, organizationId, settings },
    sink,
    { secrets, egress, installationId },
    addressBook,
  ) =>
    new MqttCollector(
      {
        dataSourceId,
        organizationId,
        ...mqttEndpointOf(settings, secrets),
        topics: settings.topics,
        clientId: collectorClientId(installationId, dataSourceId),
        egress: egress ? (host, port) => egress.resolve(host, port, { organizationId }) : undefined,
        // Each collector attributes join accepts with its own correlator (in the parser).
        parse: parser(undefined, addressBook),
      },
      sink,
    );
}

const ttnV3Collector: CollectorFactory = (
  { dataSourceId, organizationId, settings },
  sink,
  { secrets, egress },
  addressBook,
) =>
  new TtnV3Collector(
    {
      dataSourceId,
      organizationId,
      baseUrl: ttnBaseUrl(settings),
      gatewayIds: (settings.gateways ?? []).map((gateway) => gateway.gatewayId),
      apiKey: settings.gatewayApiKeySealed ? secrets.open(settings.gatewayApiKeySealed) : '',
      parse: createTtnV3Parser(undefined, undefined, addressBook),
      egress: egress ? (port) => egress.lookupFor(port, { organizationId }) : undefined,
    },
    sink,
  );

const ttnV2Collector: CollectorFactory = (
  { dataSourceId, organizationId, settings },
  sink,
  { secrets, egress },
  addressBook,
) =>
  new TtnV2Collector(
    {
      dataSourceId,
      organizationId,
      ...ttnV2AccountOf(settings, secrets),
      parse: createTtnV2Parser(undefined, undefined, addressBook),
      egress: egress ? (port) => egress.lookupFor(port, { organizationId }) : undefined,
    },
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

/**
 * The collector of a data source. `addressBook` is its DevAddr → DevEUI book (in its parser): the caller reads from
 * it how far the collector can attribute frames to devices (`coverage()`, `limitation()`).
 */
export function createCollector(
  target: CollectorTarget,
  sink: CollectorSink,
  context: CollectorContext,
  addressBook = new DeviceAddressBook(),
): Collector | null {
  const factory = COLLECTORS[target.settings.type];
  return factory ? factory(target, sink, context, addressBook) : null;
}
