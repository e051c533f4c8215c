import { frameVectors, readFixtureJson, ttnHandshake } from '@lorawatch/lorawan/testing/fixtures';
import { malformedReason, onlyPacket, TEST_CONTEXT } from '../testing/outcomes';
import { parseTtnV2Frame } from './parse-ttn-v2-frame';
import { createTtnV2Parser } from './ttn-v2-parser';

type Json = Record<string, unknown>;

const fixture = (file: string): Json => readFixtureJson<Json>(`ttn-v2/${file}`);
const parse = (frame: unknown) => parseTtnV2Frame(frame, TEST_CONTEXT);
const vector = (id: string): string => {
  const found = frameVectors('vectors-lora-packet.json').find((entry) => entry.id === id);
  if (found === undefined) throw new Error(`no vector ${id}`);
  return found.phy_base64;
};

const DATA_UP = vector('lp-data-up-test');
const DATA_DOWN = vector('lp-data-down-ack');
const HANDSHAKE = ttnHandshake();
const JOIN_REQUEST = Buffer.from(HANDSHAKE.join_request.phy_hex, 'hex').toString('base64');
const JOIN_ACCEPT = Buffer.from(HANDSHAKE.join_accept.phy_hex, 'hex').toString('base64');

/**
 * test/fixtures/ttn-v2 are application-MQTT messages (the only v2 feed that survives in documentation); the
 * gateway-traffic frames carry the same radio fields, so a frame is built from the fixture's values.
 */
function uplinkFromAppFixture(): Json {
  const up = fixture('mqtt-app-uplink.json');
  const metadata = up.metadata as Json;
  const gateway = (metadata.gateways as Json[])[0];
  return {
    type: 'gateway uplink',
    gateway_id: gateway.gtw_id,
    payload: DATA_UP,
    snr: gateway.snr,
    rssi: gateway.rssi,
    frequency: metadata.frequency,
    data_rate: metadata.data_rate,
    coding_rate: metadata.coding_rate,
    timestamp: gateway.timestamp,
    time: gateway.time,
    latitude: gateway.latitude,
    longitude: gateway.longitude,
    altitude: gateway.altitude,
    dev_eui: up.hardware_serial,
  };
}

describe('parseTtnV2Frame over the TTN v2 fixtures', () => {
  it('mqtt-app-uplink.json: every radio field of metadata and gateways[0], MHz to Hz, SF/BW from data_rate', () => {
    expect(onlyPacket(parse(uplinkFromAppFixture()))).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      organizationId: 3,
      dataSourceId: 7,
      source: 'ttn_collector',
      // v2's "1970-01-01T00:00:00Z" means no time: the collector's clock stands in.
      date: TEST_CONTEXT.receivedAt,
      dateFrom: 'collector',
      receivedAt: TEST_CONTEXT.receivedAt,
      topic: 'gateway uplink',
      direction: 'up',
      data: DATA_UP,
      size: 17,
      mType: 'UnconfirmedDataUp',
      major: 0,
      gateway: 'ttn-herengracht-ams',
      // hardware_serial, given as the console's dev_eui: attributed, since the frame names only the DevAddr.
      devEui: '0102030405060708',
      joinEui: null,
      devNonce: null,
      devAddr: '49be7df1',
      // The fixture's `counter` is 2, as is the frame's FCnt.
      fCount: 2,
      fPort: 1,
      mic: '2b11ff0d',
      devEuiInferred: true,
      rssi: -25,
      lsnr: 5,
      frequency: 868_100_000,
      spreadingFactor: 7,
      bandwidth: 125_000,
      codeRate: '4/5',
      tmst: 12345,
      crcOk: null,
      latitude: 52.1234,
      longitude: 6.1234,
      altitude: 6,
    });
  });

  it('uses a real gateway time as the packet date', () => {
    const packet = onlyPacket(parse({ ...uplinkFromAppFixture(), time: '2021-06-01T10:00:00.123456Z' }));
    expect(packet.date).toBe('2021-06-01T10:00:00.123Z');
  });

  it('mqtt-event-down-sent.json: the placeholder payload is malformed; a real one maps with its Hz frequency', () => {
    const sent = fixture('mqtt-event-down-sent.json');
    const config = sent.config as Json;
    const frame = {
      type: 'gateway downlink',
      gateway_id: sent.gateway_id,
      payload: sent.payload,
      frequency: config.frequency,
      data_rate: config.data_rate,
    };
    expect(malformedReason(parse(frame))).toBe('payload is not valid base64');
    const packet = onlyPacket(parse({ ...frame, payload: DATA_DOWN }));
    expect(packet).toMatchObject({
      direction: 'down',
      topic: 'gateway downlink',
      mType: 'UnconfirmedDataDown',
      gateway: 'some-gateway',
      devAddr: '49be7df1',
      frequency: 868_300_000,
      spreadingFactor: 7,
      bandwidth: 125_000,
      codeRate: null,
      rssi: null,
    });
  });

  it('mqtt-app-activation.json: a dev_eui hint never overrides the DevEUI a join request carries', () => {
    const activation = fixture('mqtt-app-activation.json');
    const packet = onlyPacket(
      parse({
        type: 'gateway join request',
        gateway_id: 'eui-b827ebfffe8db887',
        payload: JOIN_REQUEST,
        dev_eui: activation.dev_eui,
        frequency: 868.5,
        data_rate: 'SF12BW125',
      }),
    );
    expect(packet).toMatchObject({
      mType: 'JoinRequest',
      gateway: 'b827ebfffe8db887',
      devEui: '00afee7cf5ed6f1e',
      joinEui: '70b3d57ed00000dc',
      devNonce: 52357,
      devEuiInferred: false,
      frequency: 868_500_000,
      spreadingFactor: 12,
    });
  });
});

describe('parseTtnV2Frame', () => {
  const joinRequest = { type: 'gateway join request', gateway_id: 'gw-one', payload: JOIN_REQUEST };
  const joinAccept = { type: 'gateway join accept', gateway_id: 'gw-one', payload: JOIN_ACCEPT };

  it('attributes a join accept to the join request before it, with createTtnV2Parser', () => {
    const parser = createTtnV2Parser();
    onlyPacket(parser(joinRequest, TEST_CONTEXT));
    expect(onlyPacket(parser(joinAccept, TEST_CONTEXT))).toMatchObject({
      mType: 'JoinAccept',
      direction: 'down',
      devEui: '00afee7cf5ed6f1e',
      devEuiInferred: true,
    });
    expect(onlyPacket(parseTtnV2Frame(joinAccept, TEST_CONTEXT)).devEui).toBeNull();
  });

  it('gives the same id for the same frame and different ids for another counter', () => {
    const frame = uplinkFromAppFixture();
    const id = onlyPacket(parse(frame)).id;
    expect(onlyPacket(parse(structuredClone(frame))).id).toBe(id);
    expect(onlyPacket(parse({ ...frame, timestamp: 12346 })).id).not.toBe(id);
  });

  it('reads a gateway status as the gateway and its position; 0,0 is no position', () => {
    const status = { type: 'gateway status', gateway_id: 'eui-B827EBFFFE8DB887'.toLowerCase() };
    expect(parse({ ...status, latitude: 52.1, longitude: 4.7, altitude: 12 })).toEqual({
      kind: 'gateway',
      gateway: 'b827ebfffe8db887',
      location: { latitude: 52.1, longitude: 4.7, altitude: 12 },
    });
    expect(parse({ ...status, latitude: 0, longitude: 0 })).toEqual({
      kind: 'gateway',
      gateway: 'b827ebfffe8db887',
    });
  });

  it('ignores a well-formed frame type it does not know', () => {
    expect(parse({ type: 'gateway ping', gateway_id: 'gw-one' })).toEqual({
      kind: 'ignored',
      reason: '"gateway ping" frames are not gateway traffic',
    });
  });

  it('reads an FSK frame (no data_rate) with no spreading factor or bandwidth', () => {
    const packet = onlyPacket(parse({ ...uplinkFromAppFixture(), data_rate: '' }));
    expect([packet.spreadingFactor, packet.bandwidth]).toEqual([null, null]);
  });

  it.each([
    [null, 'the frame must be an object'],
    [[], 'the frame must be an object'],
    [{ gateway_id: 'gw-one' }, 'type must be a string'],
    [{ type: 'Gateway Uplink', gateway_id: 'gw-one' }, 'type "Gateway Uplink" is not a TTN v2 frame type'],
    [{ type: 'gateway uplink', payload: DATA_UP }, 'gateway_id is missing'],
    [
      { type: 'gateway uplink', gateway_id: 'GW one', payload: DATA_UP },
      'gateway_id "GW one" is not a TTN v2 gateway ID',
    ],
    [{ type: 'gateway uplink', gateway_id: 'gw-one' }, 'payload is missing'],
    [{ type: 'gateway uplink', gateway_id: 'gw-one', payload: '' }, 'payload is missing'],
    [
      { type: 'gateway uplink', gateway_id: 'gw-one', payload: 'AAE' },
      expect.stringMatching(/^PHYPayload does not decode/),
    ],
    [{ ...joinRequest, type: 'gateway uplink' }, 'a gateway uplink frame carries a JoinRequest'],
    [{ ...joinRequest, payload: DATA_UP }, 'a gateway join request frame carries a UnconfirmedDataUp'],
    [{ ...joinAccept, type: 'gateway downlink' }, 'a gateway downlink frame carries a JoinAccept'],
    [{ ...joinRequest, data_rate: 'SF13BW125' }, 'data_rate "SF13BW125" is not like SF7BW125'],
    [{ ...joinRequest, data_rate: 'SF7BW124' }, 'data_rate "SF7BW124" is not like SF7BW125'],
    [{ ...joinRequest, data_rate: 7 }, 'data_rate must be a string'],
    [{ ...joinRequest, frequency: '868.1' }, 'frequency must be a number'],
    [{ ...joinRequest, frequency: -868.1 }, 'frequency must be MHz (or whole Hz)'],
    [{ ...joinRequest, frequency: 20_000 }, 'frequency must be MHz (or whole Hz)'],
    [{ ...joinRequest, timestamp: -1 }, 'timestamp must be a 32-bit counter'],
    [{ ...joinRequest, timestamp: 1.5 }, 'timestamp must be an integer'],
    [{ ...joinRequest, time: 'yesterday' }, 'time is not an RFC 3339 time'],
    [{ ...joinRequest, rssi: 'strong' }, 'rssi must be a number'],
    [{ ...joinRequest, snr: null, rssi: [] }, 'rssi must be a number'],
    [{ ...joinRequest, dev_eui: 'xyz' }, 'dev_eui "xyz" must be 16 hex digits'],
    [
      { ...joinRequest, coding_rate: 'x'.repeat(21) },
      expect.stringMatching(/^coding_rate ".*" is too long$/),
    ],
    [
      { type: 'gateway status', gateway_id: 'gw-one', latitude: 91, longitude: 1 },
      'the frame is outside the valid latitude/longitude range',
    ],
  ])('calls %j malformed', (frame, reason) => {
    expect(malformedReason(parse(frame))).toEqual(reason);
  });
});
