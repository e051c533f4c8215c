import type { MType } from '@lorawatch/domain/packet';
import { decodePhyPayload, type DecodedFrame } from '@lorawatch/lorawan/decode-phy-payload';
import { FOPTS_OFFSET, MIC_SIZE } from '@lorawatch/lorawan/frame-sizes';
import type {
  DownlinkEvent,
  GatewayConnectionEvent,
  GatewayStatsEvent,
  LoRaTx,
  GatewaySimEvent,
  SimGateway,
  UplinkEvent,
} from './sim-event';
import { simulatedUlid } from './ttn-v3-ulid';

/** An event as the TTS Events stream delivers it inside `{"result": …}` (docs/wire-formats.md §5.3). */
export interface TtnV3Event {
  name: string;
  time: string;
  identifiers: Array<{ gateway_ids: { gateway_id: string; eui?: string } }>;
  data?: Record<string, unknown>;
  correlation_ids: string[];
  origin: string;
  context: Record<string, string>;
  visibility: { rights: string[] };
  unique_id: string;
}

const TYPE = 'type.googleapis.com/ttn.lorawan.v3.';
const ORIGIN = 'lorawatch-simulator';
/** The community network's tenant, as in the 2024 stream fixture. */
const CONTEXT = { 'tenant-id': 'CgN0dG4=' };
const TRAFFIC_READ = ['RIGHT_GATEWAY_TRAFFIC_READ'];
const STATUS_READ = ['RIGHT_GATEWAY_STATUS_READ'];

/** Gateways registered by EUI get the TTS ID `eui-<eui>`; the simulated ones are. */
export function ttnV3GatewayId(gateway: SimGateway): string {
  return `eui-${gateway.eui}`;
}

/**
 * Turns a simulated event into the Gateway Server event TTS would stream for it, shaped like the real ones in
 * test/fixtures/ttn-v3: gs.up.receive (current GatewayUplinkMessage), gs.down.send (scheduled DownlinkMessage),
 * gs.status.receive (GatewayStatus with a GPS antenna location), gs.gateway.connect / disconnect. TTS JSON
 * omits zero, false and empty values (docs/wire-formats.md §5.6), and so does this.
 */
export function ttnV3EventFor(event: GatewaySimEvent): TtnV3Event {
  switch (event.kind) {
    case 'uplink':
      return uplinkEvent(event);
    case 'downlink':
      return downlinkEvent(event);
    case 'gateway-stats':
      return statusEvent(event);
    case 'gateway-connection':
      return connectionEvent(event);
  }
}

function envelope(
  name: string,
  event: GatewaySimEvent,
  seed: Buffer | string,
  fields: Pick<TtnV3Event, 'correlation_ids' | 'visibility'> & { data?: Record<string, unknown> },
): TtnV3Event {
  return {
    name,
    time: event.at.toISOString(),
    identifiers: [{ gateway_ids: gatewayIds(event.gateway) }],
    ...(fields.data === undefined ? {} : { data: fields.data }),
    correlation_ids: fields.correlation_ids,
    origin: ORIGIN,
    context: CONTEXT,
    visibility: fields.visibility,
    unique_id: simulatedUlid(event.at.getTime(), seed, `${name}|unique`),
  };
}

function gatewayIds(gateway: SimGateway): { gateway_id: string; eui: string } {
  return { gateway_id: ttnV3GatewayId(gateway), eui: gateway.eui.toUpperCase() };
}

function uplinkEvent(event: UplinkEvent): TtnV3Event {
  // The simulated clock has fractions of a millisecond; a concentrator counts whole microseconds.
  const tmst = event.tmst >>> 0;
  const uplink = `gs:uplink:${simulatedUlid(event.at.getTime(), event.uplinkId, 'gs:uplink')}`;
  const message = {
    raw_payload: event.phyPayload.toString('base64'),
    payload: ttsDecode(event.phyPayload),
    settings: omitZero({
      data_rate: dataRate(event.tx),
      frequency: String(event.tx.frequency),
      timestamp: tmst,
      time: event.gatewayTime.toISOString(),
    }),
    rx_metadata: [
      omitZero({
        gateway_ids: gatewayIds(event.gateway),
        time: event.gatewayTime.toISOString(),
        timestamp: tmst,
        rssi: event.rssi,
        channel_rssi: event.rssi,
        snr: event.snr,
        location: {
          latitude: event.gateway.latitude,
          longitude: event.gateway.longitude,
          altitude: event.gateway.altitude,
          source: 'SOURCE_REGISTRY',
        },
        uplink_token: Buffer.concat([Buffer.from(ttnV3GatewayId(event.gateway)), event.uplinkId]).toString(
          'base64',
        ),
        channel_index: event.channel,
        received_at: event.at.toISOString(),
      }),
    ],
    received_at: event.at.toISOString(),
    correlation_ids: [uplink],
    crc_status: true,
  };
  return envelope('gs.up.receive', event, event.uplinkId, {
    data: { '@type': `${TYPE}GatewayUplinkMessage`, message, band_id: 'EU_863_870' },
    correlation_ids: [uplink],
    visibility: { rights: TRAFFIC_READ },
  });
}

function downlinkEvent(event: DownlinkEvent): TtnV3Event {
  const at = event.at.getTime();
  const nsDownlink = `ns:downlink:${simulatedUlid(at, event.downlinkId, 'ns:downlink')}`;
  const schedule = `rpc:/ttn.lorawan.v3.NsGs/ScheduleDownlink:${simulatedUlid(at, event.downlinkId, 'rpc')}`;
  return envelope('gs.down.send', event, event.downlinkId, {
    data: {
      '@type': `${TYPE}DownlinkMessage`,
      raw_payload: event.phyPayload.toString('base64'),
      scheduled: {
        data_rate: dataRate(event.tx),
        frequency: String(event.tx.frequency),
        downlink: { tx_power: event.power, invert_polarization: true },
      },
      correlation_ids: [nsDownlink, schedule],
    },
    correlation_ids: [nsDownlink, schedule],
    visibility: { rights: TRAFFIC_READ },
  });
}

function statusEvent(event: GatewayStatsEvent): TtnV3Event {
  const status = `gs:status:${simulatedUlid(event.at.getTime(), event.statsId, 'gs:status')}`;
  const { gateway } = event;
  return envelope('gs.status.receive', event, event.statsId, {
    data: {
      '@type': `${TYPE}GatewayStatus`,
      // Gateways report whole seconds.
      time: `${event.at.toISOString().slice(0, 19)}Z`,
      versions: { 'ttn-lw-gateway-server': '3.28.0' },
      antenna_locations: [
        {
          latitude: gateway.latitude,
          longitude: gateway.longitude,
          altitude: gateway.altitude,
          source: 'SOURCE_GPS',
        },
      ],
      ip: [gateway.ip],
      metrics: {
        rxin: event.rxPacketsReceived,
        rxok: event.rxPacketsReceivedOK,
        rxfw: event.rxPacketsReceivedOK,
        ackr: 100,
        txin: event.txPacketsReceived,
        txok: event.txPacketsEmitted,
      },
    },
    correlation_ids: [status],
    visibility: { rights: STATUS_READ },
  });
}

function connectionEvent(event: GatewayConnectionEvent): TtnV3Event {
  const seed = `${event.gateway.eui}|${event.online}`;
  const connection = `gs:conn:${simulatedUlid(event.at.getTime(), seed, 'gs:conn')}`;
  return envelope(event.online ? 'gs.gateway.connect' : 'gs.gateway.disconnect', event, seed, {
    correlation_ids: [connection],
    visibility: { rights: STATUS_READ },
  });
}

function dataRate(tx: LoRaTx): Record<string, unknown> {
  return {
    lora: { bandwidth: tx.bandwidth, spreading_factor: tx.spreadingFactor, coding_rate: tx.codeRate },
  };
}

const TTS_MTYPE: Record<MType, string> = {
  JoinRequest: 'JOIN_REQUEST',
  JoinAccept: 'JOIN_ACCEPT',
  UnconfirmedDataUp: 'UNCONFIRMED_UP',
  UnconfirmedDataDown: 'UNCONFIRMED_DOWN',
  ConfirmedDataUp: 'CONFIRMED_UP',
  ConfirmedDataDown: 'CONFIRMED_DOWN',
  RejoinRequest: 'REJOIN_REQUEST',
  Proprietary: 'PROPRIETARY',
};

/** TTS's own decode next to `raw_payload` (`payload`), which collectors must not trust but real events carry. */
function ttsDecode(phyPayload: Buffer): Record<string, unknown> {
  const decoded = decodePhyPayload(phyPayload);
  if (!decoded.ok) return {};
  const frame = decoded.frame;
  const mic = phyPayload.subarray(phyPayload.length - MIC_SIZE).toString('base64');
  // JOIN_REQUEST is enum value 0, hence omitted: a join request shows `"m_hdr": {}`.
  const mHdr = frame.mType === 'JoinRequest' ? {} : { m_type: TTS_MTYPE[frame.mType] };
  if (frame.mType === 'JoinRequest') {
    return {
      m_hdr: mHdr,
      mic,
      join_request_payload: {
        join_eui: frame.joinEui?.toUpperCase(),
        dev_eui: frame.devEui?.toUpperCase(),
        dev_nonce: (frame.devNonce ?? 0).toString(16).padStart(4, '0').toUpperCase(),
      },
    };
  }
  if (frame.devAddr === null || frame.fCtrl === null) return { m_hdr: mHdr, mic };
  return { m_hdr: mHdr, mic, mac_payload: macPayload(phyPayload, frame) };
}

function macPayload(phyPayload: Buffer, frame: DecodedFrame): Record<string, unknown> {
  const fCtrl = frame.fCtrl;
  const fOptsLength = fCtrl?.fOptsLength ?? 0;
  const payloadStart = FOPTS_OFFSET + fOptsLength + (frame.fPort === null ? 0 : 1);
  return omitZero({
    f_hdr: omitZero({
      dev_addr: frame.devAddr?.toUpperCase(),
      f_ctrl: omitZero({
        adr: fCtrl?.adr,
        adr_ack_req: fCtrl?.adrAckReq,
        ack: fCtrl?.ack,
        f_pending: fCtrl?.fPending,
      }),
      f_cnt: frame.fCount,
      f_opts:
        fOptsLength > 0
          ? phyPayload.subarray(FOPTS_OFFSET, FOPTS_OFFSET + fOptsLength).toString('base64')
          : '',
    }),
    f_port: frame.fPort,
    frm_payload: phyPayload.subarray(payloadStart, phyPayload.length - MIC_SIZE).toString('base64'),
  });
}

/** Proto3 JSON leaves out zero, false, empty and unset values. */
function omitZero(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).filter(
      ([, value]) => value !== undefined && value !== null && value !== 0 && value !== false && value !== '',
    ),
  );
}
