import { alertTypeByCode } from '@lorawatch/domain/alert-catalogue';
import type { Packet } from '@lorawatch/domain/packet';
import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import type { Projection } from '@lorawatch/projections/projection';
import type { WriteOp } from '@lorawatch/read-store/read-store.port';
import { AlertEventTypes, type AlertRaised } from '../alert.events';
import { ALERTS, type AlertView } from './alert.view';

export const alertsProjection: Projection = {
  name: 'alerts',
  collections: [ALERTS],
  eventTypes: [AlertEventTypes.Raised],
  project(event: RecordedEvent): WriteOp[] {
    const alert = event.data as AlertRaised;
    const doc: AlertView = {
      id: alert.id,
      numericId: event.position,
      code: alert.code,
      risk: alertTypeByCode(alert.code)?.risk ?? 'INFO',
      organizationId: alert.organizationId,
      dataSourceId: alert.dataSourceId,
      createdAt: alert.createdAt,
      devEui: alert.devEui,
      devAddr: alert.devAddr,
      gateway: alert.gateway,
      parameters: {
        ...alert.parameters,
        packet_data: packetJson(alert.packet),
        prev_packet_data: alert.prevPacket ? packetJson(alert.prevPacket) : null,
      },
      resolved: false,
      resolvedAt: null,
      resolvedById: null,
      resolutionComment: null,
      assetImportance: null,
    };
    return [{ op: 'upsert', collection: ALERTS.name, doc }];
  },
};

/** The packet fields the alert dialog shows, in the API's snake_case. */
export function packetJson(packet: Packet) {
  return {
    id: packet.id,
    date: packet.date,
    topic: packet.topic,
    data_collector_id: packet.dataSourceId,
    gateway: packet.gateway,
    m_type: packet.mType,
    dev_eui: packet.devEui,
    join_eui: packet.joinEui,
    dev_nonce: packet.devNonce,
    dev_addr: packet.devAddr,
    f_count: packet.fCount,
    f_port: packet.fPort,
    mic: packet.mic,
    rssi: packet.rssi,
    lsnr: packet.lsnr,
    freq: packet.frequency,
    spreading_factor: packet.spreadingFactor,
    size: packet.size,
    data: packet.data,
    latitude: packet.latitude,
    longitude: packet.longitude,
  };
}
