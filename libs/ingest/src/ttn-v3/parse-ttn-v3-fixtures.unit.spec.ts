import { readFixtureJson, ttnHandshake } from '@lorawatch/lorawan/testing/fixtures';
import { malformedReason, onlyPacket, packetsOf, TEST_CONTEXT } from '../testing/outcomes';
import { gsUpReceive2024Packet } from '../testing/ttn-v3-expected';
import { parseTtnV3Event } from './parse-ttn-v3-event';
import { createTtnV3Parser } from './ttn-v3-parser';

type Json = Record<string, unknown>;

const fixture = (file: string): Json => readFixtureJson<Json>(`ttn-v3/${file}`);
const parse = (event: unknown) => parseTtnV3Event(event, TEST_CONTEXT);

/** The bertrik fixtures are `data` only: put them in the envelope the stream delivers them in. */
function envelope(
  name: string,
  data: Json,
  gatewayId = 'technolution-gouda',
  eui = '008000000000B8B6',
): Json {
  return {
    name,
    time: '2023-11-12T16:31:18.123456789Z',
    identifiers: [{ gateway_ids: { gateway_id: gatewayId, eui } }],
    data,
    correlation_ids: ['gs:uplink:01HWGQKWGR20WPR5YK3W1BJZAT'],
    unique_id: '01HWGQKWGRQ62M345E48D62R6X',
  };
}

describe('parseTtnV3Event over the TTN v3 fixtures', () => {
  it('events-stream-gs-up-receive-2024.json: a stream line with a current GatewayUplinkMessage', () => {
    const packet = onlyPacket(parse(fixture('events-stream-gs-up-receive-2024.json')));
    expect(packet).toEqual(gsUpReceive2024Packet(TEST_CONTEXT));
  });

  it('gs-up-receive-data-uplinkmessage-2021.json: the pre-3.19.2 UplinkMessage, coding rate in settings', () => {
    const data = fixture('gs-up-receive-data-uplinkmessage-2021.json');
    expect(onlyPacket(parse(envelope('gs.up.receive', data)))).toMatchObject({
      mType: 'UnconfirmedDataUp',
      gateway: '008000000000b8b6',
      devAddr: '26012e23',
      fCount: 22110,
      fPort: 2,
      frequency: 868500000,
      spreadingFactor: 12,
      bandwidth: 125000,
      codeRate: '4/5',
      rssi: -117,
      lsnr: -11.8,
      tmst: 3119016580,
      crcOk: null,
      date: '2021-10-08T18:31:04.264Z',
      latitude: 52.01811525353214,
    });
  });

  it('gs-up-receive-data-joinrequest-2021.json: a join request, DevNonce from the wire bytes', () => {
    const data = fixture('gs-up-receive-data-joinrequest-2021.json');
    expect(onlyPacket(parse(envelope('gs.up.receive', data)))).toMatchObject({
      mType: 'JoinRequest',
      joinEui: 'f445c8c90a8cd827',
      devEui: '70b3d58ff100c5e3',
      devNonce: 8911,
      mic: '3e7d2d41',
      frequency: 868300000,
      spreadingFactor: 7,
      rssi: -103,
      lsnr: 8,
      date: '2021-10-03T11:07:18.277Z',
    });
  });

  it('gs-status-receive-data-2023.json: the GPS antenna location of the gateway', () => {
    const data = fixture('gs-status-receive-data-2023.json');
    expect(parse(envelope('gs.status.receive', data))).toEqual({
      kind: 'gateway',
      gateway: '008000000000b8b6',
      location: { latitude: 52.07788, longitude: 4.39223, altitude: 1 },
    });
  });

  it('gs-down-send-data-2023.json: a scheduled downlink with its radio settings', () => {
    const data = fixture('gs-down-send-data-2023.json');
    expect(onlyPacket(parse(envelope('gs.down.send', data)))).toMatchObject({
      direction: 'down',
      topic: 'gs.down.send',
      mType: 'UnconfirmedDataDown',
      gateway: '008000000000b8b6',
      devAddr: '260b3a7e',
      fCount: 14,
      fPort: null,
      frequency: 867900000,
      spreadingFactor: 9,
      bandwidth: 125000,
      codeRate: '4/5',
      tmst: 3432044212,
      rssi: null,
      // The stream event's own time: the server's, not the collector's.
      date: '2023-11-12T16:31:18.123Z',
      dateFrom: 'gateway',
    });
  });

  it('console-gateway-events-2020.json: status, two old-format uplinks and a confirmed downlink', () => {
    const [status, first, second, down] = readFixtureJson<Json[]>('ttn-v3/console-gateway-events-2020.json');
    expect(parse(status)).toEqual({ kind: 'gateway', gateway: '647fdafffe0078b8' });
    const common = {
      gateway: '647fdafffe0078b8',
      mType: 'UnconfirmedDataUp',
      devAddr: '260028ee',
      fPort: 102,
      frequency: 867700000,
      spreadingFactor: 7,
      codeRate: '4/5',
      // No gateway time in these events: the collector's clock.
      date: TEST_CONTEXT.receivedAt,
    };
    expect(onlyPacket(parse(first))).toMatchObject({
      ...common,
      fCount: 8352,
      rssi: -4,
      lsnr: 9.5,
      tmst: 1128122779,
    });
    expect(onlyPacket(parse(second))).toMatchObject({ ...common, fCount: 8353, rssi: -3, lsnr: 8.2 });
    expect(onlyPacket(parse(down))).toMatchObject({
      direction: 'down',
      mType: 'ConfirmedDataDown',
      devAddr: '26085062',
      fCount: 1394,
      gateway: '647fdafffe0078b8',
      // A downlink request still offers RX1 and RX2: no single frequency.
      frequency: null,
    });
  });

  it('docs-join-flow-gs-events.json: trimmed by the docs (no raw_payload), so malformed, with the reason', () => {
    const [up, down] = readFixtureJson<Json[]>('ttn-v3/docs-join-flow-gs-events.json');
    expect(malformedReason(parse(up))).toBe('data.message.raw_payload is missing');
    expect(malformedReason(parse(down))).toBe('data.raw_payload is missing');
  });

  it('mqtt-app-uplink.json and mqtt-app-join.json are application messages, not stream events', () => {
    expect(malformedReason(parse(fixture('mqtt-app-uplink.json')))).toBe('name must be a string');
    expect(malformedReason(parse(fixture('mqtt-app-join.json')))).toBe('name must be a string');
  });
});

describe('parseTtnV3Event packet ids and receptions', () => {
  const line = fixture('events-stream-gs-up-receive-2024.json');
  const event = line.result as Json;

  it('gives the same id to the same event, streamed or bare, and another id to another event', () => {
    const id = onlyPacket(parse(line)).id;
    expect(onlyPacket(parse(event)).id).toBe(id);
    expect(onlyPacket(parse(JSON.parse(JSON.stringify(event)))).id).toBe(id);
    expect(onlyPacket(parse({ ...event, unique_id: '01HWGQKWGRQ62M345E48D62R6Y' })).id).not.toBe(id);
    expect(onlyPacket(parseTtnV3Event(event, { ...TEST_CONTEXT, dataSourceId: 8 })).id).not.toBe(id);
  });

  it('gives one packet per gateway: the strongest antenna, and the stream gateway when an entry names none', () => {
    const data = event.data as Json;
    const message = data.message as Json;
    const [entry] = message.rx_metadata as Json[];
    const other = { ...entry, gateway_ids: { gateway_id: 'eui-b827ebfffe8db887' }, rssi: -90 };
    const antenna1 = { ...entry, antenna_index: 1, rssi: -95, snr: 9.5 };
    const anonymous = { rssi: -120 };
    const packets = packetsOf(
      parse({
        ...event,
        data: { ...data, message: { ...message, rx_metadata: [entry, other, antenna1, anonymous] } },
      }),
    );
    expect(packets.map((packet) => [packet.gateway, packet.rssi, packet.lsnr])).toEqual([
      ['008000000000b8b6', -95, 9.5],
      ['b827ebfffe8db887', -90, 8.8],
    ]);
    expect(new Set(packets.map((packet) => packet.id)).size).toBe(2);
  });

  it('uses the stream gateway and no radio metadata when rx_metadata is absent', () => {
    const data = event.data as Json;
    const { rx_metadata: _dropped, ...message } = data.message as Json;
    expect(onlyPacket(parse({ ...event, data: { ...data, message } }))).toMatchObject({
      gateway: '008000000000b8b6',
      rssi: null,
      tmst: 237053884,
      date: '2024-04-27T21:27:12.269Z',
    });
  });

  it('names a gateway registered without EUI by its TTS ID', () => {
    const data = fixture('gs-status-receive-data-2023.json');
    const status = envelope('gs.status.receive', data, 'my-gateway', '');
    expect(parse(status)).toMatchObject({ kind: 'gateway', gateway: 'my-gateway' });
  });

  it('reads gateway connect and disconnect events, and ignores the others', () => {
    const ids = [{ gateway_ids: { gateway_id: 'gw2', eui: 'B827EBFFFE8DB887' } }];
    expect(parse({ name: 'gs.gateway.connect', identifiers: ids })).toEqual({
      kind: 'gateway',
      gateway: 'b827ebfffe8db887',
      online: true,
    });
    expect(parse({ name: 'gs.gateway.disconnect', identifiers: ids })).toMatchObject({ online: false });
    expect(parse({ name: 'events.stream.start', identifiers: ids })).toEqual({
      kind: 'ignored',
      reason: 'events.stream.start events carry no frame or gateway state',
    });
    expect(parse({ name: 'gs.up.forward', identifiers: ids }).kind).toBe('ignored');
  });
});

describe('createTtnV3Parser', () => {
  it('attributes a join accept to the join request heard by the same gateway just before', () => {
    const handshake = ttnHandshake();
    const ids = [{ gateway_ids: { gateway_id: 'gw2', eui: 'B827EBFFFE8DB887' } }];
    const parser = createTtnV3Parser();
    const request = parser(
      {
        name: 'gs.up.receive',
        identifiers: ids,
        unique_id: '01G76SF01BNW5SKRAND31Z0MGB',
        data: {
          message: { raw_payload: Buffer.from(handshake.join_request.phy_hex, 'hex').toString('base64') },
        },
      },
      TEST_CONTEXT,
    );
    const accept = parser(
      {
        name: 'gs.down.send',
        identifiers: ids,
        unique_id: '01G76SF1T1FC3Q3N7RBSMEXDKA',
        data: { raw_payload: Buffer.from(handshake.join_accept.phy_hex, 'hex').toString('base64') },
      },
      { ...TEST_CONTEXT, receivedAt: '2024-05-01T12:00:05.000Z' },
    );
    expect(onlyPacket(request).devEui).toBe('00afee7cf5ed6f1e');
    expect(onlyPacket(accept)).toMatchObject({
      mType: 'JoinAccept',
      devEui: '00afee7cf5ed6f1e',
      devEuiInferred: true,
    });
  });
});

describe('parseTtnV3Event ids without event ids', () => {
  it('still tells two transmissions of the same bytes apart by their concentrator counter', () => {
    const data = readFixtureJson<Json>('ttn-v3/gs-up-receive-data-joinrequest-2021.json');
    const bare = (timestamp: number): Json => {
      const [entry] = data.rx_metadata as Json[];
      return {
        name: 'gs.up.receive',
        identifiers: [{ gateway_ids: { gateway_id: 'technolution-gouda' } }],
        data: { ...data, correlation_ids: undefined, rx_metadata: [{ ...entry, timestamp }] },
      };
    };
    expect(onlyPacket(parse(bare(1000))).id).toBe(onlyPacket(parse(bare(1000))).id);
    expect(onlyPacket(parse(bare(1000))).id).not.toBe(onlyPacket(parse(bare(2000))).id);
  });
});
