import type { AlertCode } from '@lorawatch/domain/alert-catalogue';
import { ALERT_CODES } from '@lorawatch/domain/alert-catalogue';
import type { Packet } from '@lorawatch/domain/packet';
import { PolicyView } from '@lorawatch/domain/policy';
import { readFixtureJson, readFixtureText, ttnHandshake } from '@lorawatch/lorawan/testing/fixtures';
import { packetFromPhy } from './packet-factory';

/** Real frames from test/fixtures turned into Packets, and policy helpers, for detector specifications. */

interface ChirpstackV3GatewayUp {
  phyPayload: string;
  rxInfo: { gatewayID: string; time: string; rssi: number; loRaSNR: number };
  txInfo: {
    frequency: number;
    loRaModulationInfo: { spreadingFactor: number; bandwidth: number; codeRate: string };
  };
}

/** What a ChirpStack v3 collector would make of a gateway `event/up` message (base64 big-endian gateway id). */
function fromChirpstackV3Up(message: ChirpstackV3GatewayUp, overrides: Partial<Packet>): Packet {
  return packetFromPhy(Buffer.from(message.phyPayload, 'base64'), {
    source: 'chirpstack_collector',
    gateway: Buffer.from(message.rxInfo.gatewayID, 'base64').toString('hex'),
    date: message.rxInfo.time,
    receivedAt: message.rxInfo.time,
    rssi: message.rxInfo.rssi,
    lsnr: message.rxInfo.loRaSNR,
    frequency: message.txInfo.frequency,
    spreadingFactor: message.txInfo.loRaModulationInfo.spreadingFactor,
    bandwidth: message.txInfo.loRaModulationInfo.bandwidth * 1000,
    codeRate: message.txInfo.loRaModulationInfo.codeRate,
    ...overrides,
  });
}

/** The ChirpStack v3 documentation join request: DevEUI 0101010101010101, DevNonce 5783, gateway 7276ff002e062c18. */
export function chirpstackDocJoinRequest(overrides: Partial<Packet> = {}): Packet {
  return fromChirpstackV3Up(
    readFixtureJson<ChirpstackV3GatewayUp>('chirpstack-v3/gw-event-up.json'),
    overrides,
  );
}

/** Two real join requests of device 008000000000addb (DevNonces 59503 and 39975), in capture order. */
export function iotroamJoinRequests(): Packet[] {
  return readFixtureText('chirpstack-v3/iotroam-2020-mosquitto-sub.txt')
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) =>
      fromChirpstackV3Up(JSON.parse(line.slice(line.indexOf(' ') + 1)) as ChirpstackV3GatewayUp, {}),
    );
}

export const TTN_DEV_EUI = '00afee7cf5ed6f1e';

/** The real TTN join: its join request and its (encrypted) join accept attributed to the device. */
export function ttnJoin(): { joinRequestPhy: Buffer; joinAcceptPhy: Buffer } {
  const ttn = ttnHandshake();
  return {
    joinRequestPhy: Buffer.from(ttn.join_request.phy_hex, 'hex'),
    joinAcceptPhy: Buffer.from(ttn.join_accept.phy_hex, 'hex'),
  };
}

/** A policy where only the listed types raise alerts. */
export function policyEnabling(...codes: AlertCode[]): PolicyView {
  return new PolicyView(
    ALERT_CODES.map((code) => ({ alertTypeCode: code, enabled: codes.includes(code), parameters: {} })),
  );
}
