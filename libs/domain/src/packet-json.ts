import type { Packet } from './packet';

/** The packet fields the alert dialog and the resource usage views show, in the API's snake_case. */
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
