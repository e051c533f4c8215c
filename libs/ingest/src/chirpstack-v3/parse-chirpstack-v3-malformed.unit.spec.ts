import { malformedReason, onlyPacket, TEST_CONTEXT } from '../testing/outcomes';
import { parseChirpstackV3Message } from './parse-chirpstack-v3-message';

const TOPIC = 'gateway/7276ff002e062c18/event/up';
const JOIN_REQUEST = 'AAEBAQEBAQEBAQEBAQEBAQGXFgzLPxI=';

function uplink(overrides: Record<string, unknown> = {}, rxInfo: Record<string, unknown> = {}): Buffer {
  return Buffer.from(
    JSON.stringify({
      phyPayload: JOIN_REQUEST,
      txInfo: {
        frequency: 868100000,
        loRaModulationInfo: { bandwidth: 125, spreadingFactor: 7, codeRate: '4/5' },
      },
      rxInfo: { gatewayID: 'cnb/AC4GLBg=', rssi: -80, loRaSNR: 5.5, ...rxInfo },
      ...overrides,
    }),
  );
}

function reasonFor(payload: Buffer, topic = TOPIC): string {
  return malformedReason(parseChirpstackV3Message(topic, payload, TEST_CONTEXT));
}

describe('parseChirpstackV3Message with bad input', () => {
  it.each<[string, Buffer, RegExp]>([
    ['a truncated protobuf', Buffer.from([0x0a, 0x17, 0x00, 0x01]), /not a valid protobuf UplinkFrame/],
    ['broken JSON', Buffer.from('{"phyPayload": '), /invalid JSON/],
    ['a JSON array', Buffer.from('[1,2]'), /must be an object/],
    ['an empty payload', Buffer.alloc(0), /empty payload/],
    ['no phyPayload', uplink({ phyPayload: undefined }), /phyPayload is missing/],
    ['an empty phyPayload', uplink({ phyPayload: '' }), /phyPayload is missing/],
    ['phyPayload of the wrong type', uplink({ phyPayload: 42 }), /phyPayload must be a string/],
    ['phyPayload not base64', uplink({ phyPayload: 'not base64!' }), /phyPayload is not valid base64/],
    [
      'a PHYPayload that does not decode',
      uplink({ phyPayload: 'AAEC' }),
      /PHYPayload does not decode: join request/,
    ],
    ['an unknown major version', uplink({ phyPayload: 'AwEBAQEBAQEBAQEBAQEBAQGXFgzLPxI=' }), /major version/],
    ['rxInfo not an object', uplink({ rxInfo: 'x' }), /rxInfo must be an object/],
    ['rssi as a string', uplink({}, { rssi: '-80' }), /rxInfo.rssi must be a number/],
    ['a gateway ID of 4 bytes', uplink({}, { gatewayID: 'AQIDBA==' }), /rxInfo.gatewayID must be 8 bytes/],
    [
      'a gateway ID in hex',
      uplink({}, { gatewayID: '7276ff002e062c18' }),
      /rxInfo.gatewayID must be 8 bytes/,
    ],
    ['a bad time', uplink({}, { time: 'yesterday' }), /rxInfo.time is not an RFC 3339 time/],
    ['an unknown crcStatus', uplink({}, { crcStatus: 'MAYBE' }), /rxInfo.crcStatus must be one of/],
    ['a context that is not base64', uplink({}, { context: '%%%%' }), /rxInfo.context is not valid base64/],
    [
      'a fractional frequency',
      uplink({ txInfo: { frequency: 868.1 } }),
      /txInfo.frequency must be an integer/,
    ],
    [
      'a spreading factor as a string',
      uplink({ txInfo: { loRaModulationInfo: { spreadingFactor: 'SF7' } } }),
      /txInfo.loRaModulationInfo.spreadingFactor must be a number/,
    ],
    ['a location out of range', uplink({}, { location: { latitude: 91, longitude: 3 } }), /valid latitude/],
  ])('reports %s', (_case, payload, reason) => {
    expect(reasonFor(payload)).toMatch(reason);
  });

  it('needs a gateway id in the message or the topic', () => {
    const payload = uplink({ rxInfo: { rssi: -80 } });
    expect(reasonFor(payload, 'gateway/my-gateway/event/up')).toMatch(/no gateway id/);
    expect(onlyPacket(parseChirpstackV3Message(TOPIC, payload, TEST_CONTEXT)).gateway).toBe(
      '7276ff002e062c18',
    );
  });

  it('reports a downlink without any phyPayload', () => {
    const payload = Buffer.from(JSON.stringify({ token: 1, items: [] }));
    expect(reasonFor(payload, 'gateway/7276ff002e062c18/command/down')).toMatch(
      /DownlinkFrame has no phyPayload/,
    );
  });

  it('reports a downlink item without phyPayload', () => {
    const payload = Buffer.from(JSON.stringify({ items: [{ txInfo: {} }] }));
    expect(reasonFor(payload, 'gateway/7276ff002e062c18/command/down')).toMatch(
      /items\[0\].phyPayload is missing/,
    );
  });

  it('reports a connection state it does not know', () => {
    const payload = Buffer.from(JSON.stringify({ gatewayID: 'cnb/AC4GLBg=', state: 'MAYBE' }));
    expect(reasonFor(payload, 'gateway/7276ff002e062c18/state/conn')).toMatch(
      /state must be ONLINE or OFFLINE/,
    );
  });

  it('reports a legacy mac that is not 16 hex digits', () => {
    const payload = Buffer.from(JSON.stringify({ phyPayload: JOIN_REQUEST, rxInfo: { mac: 'xyz' } }));
    expect(reasonFor(payload, 'gateway/1dee08d0b691d149/rx')).toMatch(/rxInfo.mac must be 16 hex digits/);
  });

  it('ignores topics it does not read instead of calling them malformed', () => {
    expect(
      parseChirpstackV3Message('gateway/7276ff002e062c18/event/exec', Buffer.from('x'), TEST_CONTEXT).kind,
    ).toBe('ignored');
    expect(parseChirpstackV3Message('some/other/topic', Buffer.from('{}'), TEST_CONTEXT).kind).toBe(
      'ignored',
    );
    expect(
      parseChirpstackV3Message('gateway/7276ff002e062c18/state/conn', Buffer.alloc(0), TEST_CONTEXT),
    ).toEqual({
      kind: 'ignored',
      reason: 'retained state cleared',
    });
  });
});
