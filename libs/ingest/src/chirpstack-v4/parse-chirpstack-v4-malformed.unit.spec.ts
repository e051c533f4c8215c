import type { JsonObject } from '../json-fields';
import { malformedReason, TEST_CONTEXT } from '../testing/outcomes';
import { parseChirpstackV4Message } from './parse-chirpstack-v4-message';

const GATEWAY = '0016c001f153a14c';
const UP = `eu868/gateway/${GATEWAY}/event/up`;

function uplink(overrides: JsonObject = {}, rxInfo: JsonObject = {}, lora: JsonObject = {}): Buffer {
  return Buffer.from(
    JSON.stringify({
      phyPayload: 'gKb+agGABQABOIc6cwQ=',
      txInfo: {
        frequency: 867300000,
        modulation: { lora: { bandwidth: 125000, spreadingFactor: 7, codeRate: 'CR_4_5', ...lora } },
      },
      rxInfo: { gatewayId: GATEWAY, rssi: -52, snr: 13.75, ...rxInfo },
      ...overrides,
    }),
  );
}

function reasonFor(payload: Buffer, topic = UP): string {
  return malformedReason(parseChirpstackV4Message(topic, payload, TEST_CONTEXT));
}

describe('parseChirpstackV4Message with bad input', () => {
  it.each<[string, Buffer, RegExp]>([
    ['broken JSON', Buffer.from('{"phyPayload": '), /invalid JSON/],
    ['an empty payload', Buffer.alloc(0), /empty payload/],
    ['no phyPayload', uplink({ phyPayload: undefined }), /phyPayload is missing/],
    ['phyPayload not base64', uplink({ phyPayload: 'not base64!' }), /phyPayload is not valid base64/],
    [
      'a gateway id that is not 16 hex digits',
      uplink({}, { gatewayId: 'cnb/AC4GLBg=' }),
      /rxInfo.gatewayId must be 16 hex digits/,
    ],
    ['snr as a string', uplink({}, { snr: '13.75' }), /rxInfo.snr must be a number/],
    ['a bad gwTime', uplink({}, { gwTime: 'yesterday' }), /rxInfo.gwTime is not an RFC 3339 time/],
    [
      'an impossible date',
      uplink({}, { gwTime: '2024-02-30T00:00:00Z' }),
      /rxInfo.gwTime is not an RFC 3339 time/,
    ],
    [
      'a bad time next to a good gwTime',
      uplink({}, { gwTime: '2024-02-29T00:00:00Z', time: 42 }),
      /rxInfo.time must be a string/,
    ],
    ['an unknown crcStatus', uplink({}, { crcStatus: 'MAYBE' }), /rxInfo.crcStatus must be one of/],
    [
      'an unknown code rate',
      uplink({}, {}, { codeRate: '4/5' }),
      /txInfo.modulation.lora.codeRate must be one of CR_UNDEFINED/,
    ],
    ['a code rate number out of range', uplink({}, {}, { codeRate: 42 }), /codeRate must be one of/],
    [
      'a fractional bandwidth',
      uplink({}, {}, { bandwidth: 125.5 }),
      /txInfo.modulation.lora.bandwidth must be an integer/,
    ],
    [
      'modulation as the v3 string',
      uplink({ txInfo: { modulation: 'LORA' } }),
      /txInfo.modulation must be an object/,
    ],
    ['a location out of range', uplink({}, { location: { latitude: 91, longitude: 3 } }), /valid latitude/],
  ])('reports %s', (_case, payload, reason) => {
    expect(reasonFor(payload)).toMatch(reason);
  });

  it('reports a downlink without a frame, and a connection state it does not know', () => {
    expect(
      reasonFor(Buffer.from('{"downlinkId": 1, "items": []}'), `eu868/gateway/${GATEWAY}/command/down`),
    ).toMatch(/DownlinkFrame has no phyPayload/);
    expect(
      reasonFor(
        Buffer.from(`{"gatewayId": "${GATEWAY}", "state": "MAYBE"}`),
        `eu868/gateway/${GATEWAY}/state/conn`,
      ),
    ).toMatch(/state must be ONLINE or OFFLINE/);
  });

  it('needs a gateway id in the message or the topic', () => {
    expect(reasonFor(uplink({ rxInfo: { rssi: -80 } }), 'eu868/gateway/my-gateway/event/up')).toMatch(
      /no gateway id/,
    );
  });
});
