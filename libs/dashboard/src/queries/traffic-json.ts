import type { AssetView } from '@lorawatch/assets';
import type { DeviceUsage } from '@lorawatch/detectors/statistics/device-usage';
import type { Packet } from '@lorawatch/domain/packet';
import { decodePhyPayload } from '@lorawatch/lorawan/decode-phy-payload';

/** Model timestamps as the original printed them: `2021-03-01 12:34:56.123456+00:00`, fraction only when not 0. */
export function modelTimestamp(iso: string | null): string | null {
  if (iso === null) return null;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  const text = at.toISOString();
  const millis = at.getUTCMilliseconds();
  const fraction = millis === 0 ? '' : `.${String(millis * 1000).padStart(6, '0')}`;
  return `${text.slice(0, 10)} ${text.slice(11, 19)}${fraction}+00:00`;
}

/** Packet dates in the original's DATE_FORMAT `%Y-%m-%d %H:%M:%S%z`: `2021-03-01 12:34:56+0000`. */
export function packetDate(iso: string): string {
  const text = new Date(iso).toISOString();
  return `${text.slice(0, 10)} ${text.slice(11, 19)}+0000`;
}

/**
 * A packet as GET packets lists it (docs/api.md §5). Radio fields follow the packet forwarder's names (`freq`
 * in MHz, `datr` like `SF7BW125`, `stat` 1 / -1 for CRC ok / bad); FCtrl flags are read from the frame itself.
 * Fields the collectors do not deliver (chan, rfch, seqn, opts, port) are null.
 */
export function packetJson(packet: Packet) {
  const decoded = decodePhyPayload(Buffer.from(packet.data, 'base64'));
  const frame = decoded.ok ? decoded.frame : null;
  const flags = frame?.fCtrl ?? null;
  return {
    id: packet.id,
    date: packetDate(packet.date),
    topic: packet.topic,
    data_collector_id: packet.dataSourceId,
    organization_id: packet.organizationId,
    gateway: packet.gateway,
    tmst: packet.tmst,
    chan: null,
    rfch: null,
    seqn: null,
    opts: null,
    port: null,
    freq: packet.frequency === null ? null : packet.frequency / 1e6,
    stat: packet.crcOk === null ? null : packet.crcOk ? 1 : -1,
    modu: packet.spreadingFactor === null ? null : 'LORA',
    datr:
      packet.spreadingFactor === null || packet.bandwidth === null
        ? null
        : `SF${packet.spreadingFactor}BW${packet.bandwidth / 1000}`,
    codr: packet.codeRate,
    lsnr: packet.lsnr,
    rssi: packet.rssi,
    size: packet.size,
    data: packet.data,
    m_type: packet.mType,
    major: packet.major,
    mic: packet.mic,
    join_eui: packet.joinEui,
    dev_eui: packet.devEui,
    dev_nonce: packet.devNonce,
    dev_addr: packet.devAddr,
    adr: flags?.adr ?? null,
    ack: flags?.ack ?? null,
    adr_ack_req: flags?.adrAckReq ?? null,
    f_pending: flags?.fPending ?? null,
    class_b: flags?.classB ?? null,
    f_count: packet.fCount,
    f_opts: frame?.fOpts ?? null,
    f_port: packet.fPort,
    error: decoded.ok ? null : decoded.reason,
  };
}

/**
 * A device as GET devices lists it (docs/api.md §5), from the asset read model the detectors keep. Counters the
 * original kept and we do not (join requests and accepts, repeated DevNonces, whether the join succeeded, the last
 * packet's id) are null rather than invented; `join_accept_counter` is not a copy of the join requests (the original's bug).
 */
export function deviceJson(asset: AssetView) {
  const usage = asset.usage as DeviceUsage;
  return {
    id: asset.numericId,
    dev_eui: asset.devEui,
    name: asset.name ?? null,
    vendor: asset.vendor,
    app_name: asset.applicationName ?? null,
    join_eui: asset.joinEui,
    data_collector_id: asset.dataSourceId,
    organization_id: asset.organizationId,
    first_up_timestamp: modelTimestamp(asset.firstActivity),
    last_up_timestamp: modelTimestamp(asset.lastActivity),
    repeated_dev_nonce: null,
    join_request_counter: null,
    join_accept_counter: null,
    has_joined: null,
    join_inferred: null,
    is_otaa: asset.joinEui !== null,
    last_packet_id: null,
    connected: asset.connected,
    last_activity: modelTimestamp(asset.lastActivity),
    activity_freq: usage.activity_freq ?? null,
    activity_freq_variance: usage.activity_freq_variance ?? null,
    importance: null,
    npackets_up: usage.npackets_up ?? 0,
    npackets_down: usage.npackets_down ?? 0,
    npackets_lost: usage.npackets_lost ?? 0,
    max_rssi: usage.max_rssi ?? null,
    pending_first_connection: false,
  };
}
