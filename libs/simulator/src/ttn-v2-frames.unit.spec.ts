import { parseTtnV2Frame } from '@lorawatch/ingest/ttn-v2/parse-ttn-v2-frame';
import { ttnHandshake } from '@lorawatch/lorawan/testing/fixtures';
import type { DownlinkEvent, GatewayStatsEvent, SimGateway, UplinkEvent } from './sim-event';
import { ttnV2FrameFor } from './ttn-v2-frames';

const CONTEXT = { dataSourceId: 1, organizationId: 1, receivedAt: '2024-01-01T00:00:01.000Z' };
const GATEWAY: SimGateway = {
  eui: 'b827ebfffe8db887',
  latitude: 52.37,
  longitude: 4.89,
  altitude: 10,
  ip: '10.0.0.2',
};
const TX = { frequency: 868_500_000, spreadingFactor: 12, bandwidth: 125_000, codeRate: '4/5' };
const AT = new Date('2024-01-01T00:00:00.500Z');
const JOIN_REQUEST = Buffer.from(ttnHandshake().join_request.phy_hex, 'hex');
const JOIN_ACCEPT = Buffer.from(ttnHandshake().join_accept.phy_hex, 'hex');
const DATA_DOWN = Buffer.from('YPF9vkkgAgAB+dZdJw==', 'base64');

const uplink: UplinkEvent = {
  kind: 'uplink',
  at: AT,
  gatewayTime: new Date('2024-01-01T00:00:00.400Z'),
  gateway: GATEWAY,
  phyPayload: JOIN_REQUEST,
  tx: TX,
  channel: 2,
  rssi: -101,
  snr: -3.5,
  tmst: 4_000_000_000,
  uplinkId: Buffer.alloc(16),
  devEui: '00afee7cf5ed6f1e',
  attack: null,
};
const downlink = (phyPayload: Buffer): DownlinkEvent => ({
  kind: 'downlink',
  at: AT,
  gateway: GATEWAY,
  phyPayload,
  tx: TX,
  power: 14,
  token: 1,
  downlinkId: Buffer.alloc(16),
  devEui: '00afee7cf5ed6f1e',
  attack: null,
});
const stats: GatewayStatsEvent = {
  kind: 'gateway-stats',
  at: AT,
  gateway: GATEWAY,
  rxPacketsReceived: 1,
  rxPacketsReceivedOK: 1,
  txPacketsReceived: 0,
  txPacketsEmitted: 0,
  statsId: Buffer.alloc(16),
};

describe('ttnV2FrameFor', () => {
  it('writes a join request as a `gateway join request` frame with the protocol’s fields', () => {
    expect(ttnV2FrameFor(uplink)).toEqual({
      type: 'gateway join request',
      gateway_id: 'eui-b827ebfffe8db887',
      payload: JOIN_REQUEST.toString('base64'),
      snr: -3.5,
      rssi: -101,
      frequency: 868.5,
      data_rate: 'SF12BW125',
      coding_rate: '4/5',
      timestamp: 4_000_000_000,
      time: '2024-01-01T00:00:00.400Z',
    });
  });

  it('gives frames the TTN v2 parser reads back into the same radio facts', () => {
    const frames = [uplink, downlink(JOIN_ACCEPT), downlink(DATA_DOWN), stats].map((event) =>
      ttnV2FrameFor(event),
    );
    expect(frames.map((frame) => frame?.type)).toEqual([
      'gateway join request',
      'gateway join accept',
      'gateway downlink',
      'gateway status',
    ]);
    const outcomes = frames.map((frame) => parseTtnV2Frame(frame, CONTEXT));
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['packets', 'packets', 'packets', 'gateway']);
    expect(outcomes[0]).toMatchObject({
      packets: [
        {
          gateway: 'b827ebfffe8db887',
          mType: 'JoinRequest',
          devEui: '00afee7cf5ed6f1e',
          frequency: 868_500_000,
          spreadingFactor: 12,
          bandwidth: 125_000,
          tmst: 4_000_000_000,
          date: '2024-01-01T00:00:00.400Z',
        },
      ],
    });
    expect(outcomes[1]).toMatchObject({ packets: [{ mType: 'JoinAccept', direction: 'down' }] });
    expect(outcomes[3]).toEqual({
      kind: 'gateway',
      gateway: 'b827ebfffe8db887',
      location: { latitude: 52.37, longitude: 4.89, altitude: 10 },
    });
  });

  it('has no frame for gateway connection events (v2 had none)', () => {
    expect(
      ttnV2FrameFor({ kind: 'gateway-connection', at: AT, gateway: GATEWAY, online: true }),
    ).toBeUndefined();
  });
});
