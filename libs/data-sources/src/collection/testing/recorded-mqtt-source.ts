import type { EventStore } from '@lorawatch/event-store/event-store.port';
import { envelope } from '@lorawatch/platform/aggregate';
import {
  dataSourceStream,
  DataSourceEventTypes,
  type DataSourceCreated,
} from '../../domain/data-source.events';

/**
 * Records a ChirpStack v3 data source of organisation 1 on an MQTT broker of this machine (no credentials, no TLS,
 * the gateways' uplink topic only), created at `at`: what a collector test collects.
 */
export async function recordMqttDataSource(
  events: EventStore,
  source: { dataSourceId: number; name: string; port: number; at: string },
): Promise<void> {
  const created: DataSourceCreated = {
    dataSourceId: source.dataSourceId,
    organizationId: 1,
    name: source.name,
    description: '',
    typeId: 1,
    type: 'chirpstack_collector',
    host: '127.0.0.1',
    port: source.port,
    username: null,
    passwordSealed: null,
    ssl: false,
    caCert: null,
    clientCert: null,
    clientKeySealed: null,
    topics: ['gateway/+/event/up'],
    policyId: 1,
  };
  await events.append(
    dataSourceStream(source.dataSourceId),
    [envelope(DataSourceEventTypes.Created, created, { organizationId: 1, actor: '1' }, source.at)],
    'no_stream',
  );
}
