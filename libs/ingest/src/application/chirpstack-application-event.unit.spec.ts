import { malformedReason } from '../testing/outcomes';
import { parseChirpstackApplicationEvent } from './chirpstack-application-event';

const V3_UP = 'application/123/device/0202020202020202/event/up';
const V3_JOIN = 'application/123/device/0202020202020202/event/join';
const V4_JOIN = 'application/17c82e96-be03-4f38-aef3-f83d48582d97/device/0101010101010101/event/join';

function json(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value));
}

describe('parseChirpstackApplicationEvent', () => {
  describe('v3', () => {
    it('reads json_v3 (hex) join events, on the 3.11+ and the pre-3.11 topic', () => {
      const payload = json({ devEUI: '0202020202020202', devAddr: '00513942', deviceName: 'garden' });
      for (const topic of [V3_JOIN, 'application/123/device/0202020202020202/join']) {
        expect(parseChirpstackApplicationEvent('v3', topic, payload)).toEqual({
          kind: 'device',
          devEui: '0202020202020202',
          devAddr: '00513942',
          deviceName: 'garden',
        });
      }
    });

    it('reads json (base64) up events that carry devAddr, on event/up and the pre-3.11 rx', () => {
      const payload = json({
        devEUI: 'AgICAgICAgI=',
        devAddr: 'AFE5Qg==',
        applicationName: 'app',
        deviceName: '',
      });
      for (const topic of [V3_UP, 'application/123/device/0202020202020202/rx']) {
        expect(parseChirpstackApplicationEvent('v3', topic, payload)).toEqual({
          kind: 'device',
          devEui: '0202020202020202',
          devAddr: '00513942',
          applicationName: 'app',
        });
      }
    });

    it('reads the names of the gateways an event lists, in either marshaler, skipping unnamed ones', () => {
      const hex = json({
        devEUI: '0202020202020202',
        devAddr: '00513942',
        rxInfo: [
          { gatewayID: 'B827EBFFFE29FD97', name: 'gw-zuidas' },
          { gatewayID: '0016c001f153a14c', name: '' },
          { gatewayID: 'not-an-eui', name: 'odd' },
          { gatewayID: 'a840411d2bfc4150', name: 7 },
        ],
      });
      expect(parseChirpstackApplicationEvent('v3', V3_UP, hex)).toMatchObject({
        gatewayNames: [{ gateway: 'b827ebfffe29fd97', name: 'gw-zuidas' }],
      });
      const base64 = json({
        devEUI: 'AgICAgICAgI=',
        devAddr: 'AFE5Qg==',
        rxInfo: [{ gatewayID: Buffer.from('b827ebfffe29fd97', 'hex').toString('base64'), name: 'gw-zuidas' }],
      });
      expect(parseChirpstackApplicationEvent('v3', V3_UP, base64)).toMatchObject({
        gatewayNames: [{ gateway: 'b827ebfffe29fd97', name: 'gw-zuidas' }],
      });
      const unnamed = parseChirpstackApplicationEvent(
        'v3',
        V3_UP,
        json({
          devEUI: '0202020202020202',
          devAddr: '00513942',
          rxInfo: [{ gatewayID: '0016c001f153a14c' }],
        }),
      );
      expect(unnamed).not.toHaveProperty('gatewayNames');
    });

    it('reads an 8-hex-digit DevAddr as hex in json_v3, never as base64', () => {
      const payload = json({ devEUI: '0202020202020202', devAddr: '00189440' });
      expect(parseChirpstackApplicationEvent('v3', V3_JOIN, payload)).toMatchObject({ devAddr: '00189440' });
    });

    it('ignores other event types and the pre-3.11 tx command topic, whatever they carry', () => {
      for (const topic of [
        'application/123/device/0202020202020202/event/status',
        'application/123/device/0202020202020202/tx',
        'application/123/device/0202020202020202/event/error',
      ]) {
        expect(parseChirpstackApplicationEvent('v3', topic, Buffer.alloc(0)).kind).toBe('ignored');
      }
    });

    it('does not read the pre-3.11 rx form on v4', () => {
      const payload = json({ deviceInfo: { devEui: '0101010101010101' }, devAddr: '00189440' });
      expect(
        parseChirpstackApplicationEvent('v4', 'application/x/device/0101010101010101/rx', payload).kind,
      ).toBe('ignored');
    });

    it('ignores the protobuf marshaler, which it does not read', () => {
      expect(
        parseChirpstackApplicationEvent('v3', V3_UP, Buffer.from([0x0a, 0x03, 0x31, 0x32, 0x33])),
      ).toEqual({
        kind: 'ignored',
        reason: 'application event not in a JSON marshaler (protobuf is not read)',
      });
    });
  });

  it.each<[string, 'v3' | 'v4', string, Buffer, RegExp]>([
    ['an empty payload', 'v3', V3_JOIN, Buffer.alloc(0), /empty payload/],
    ['a blank payload', 'v3', V3_JOIN, Buffer.from('  \n'), /blank payload/],
    ['broken JSON', 'v3', V3_JOIN, Buffer.from('{"devEUI": '), /invalid JSON/],
    ['a JSON array', 'v4', V4_JOIN, Buffer.from('[1]'), /must be an object/],
    ['no devEUI', 'v3', V3_JOIN, json({ devAddr: '00513942' }), /devEUI is missing/],
    ['devEUI of the wrong type', 'v3', V3_JOIN, json({ devEUI: 7 }), /devEUI must be a string/],
    [
      'devEUI neither hex nor base64',
      'v3',
      V3_JOIN,
      json({ devEUI: 'garden' }),
      /devEUI must be 16 hex digits/,
    ],
    [
      'a join without devAddr',
      'v3',
      V3_JOIN,
      json({ devEUI: '0202020202020202' }),
      /join event without devAddr/,
    ],
    [
      'a hex devAddr in the json marshaler',
      'v3',
      V3_JOIN,
      json({ devEUI: 'AgICAgICAgI=', devAddr: '00513942' }),
      /devAddr must be 4 bytes/,
    ],
    [
      'a base64 devAddr in json_v3',
      'v3',
      V3_JOIN,
      json({ devEUI: '0202020202020202', devAddr: 'AFE5Qg==' }),
      /devAddr must be 8 hex digits/,
    ],
    [
      'a devEUI that is not the topic’s',
      'v3',
      V3_JOIN,
      json({ devEUI: '0303030303030303', devAddr: '00513942' }),
      /differs from the topic/,
    ],
    ['no deviceInfo', 'v4', V4_JOIN, json({ devAddr: '00189440' }), /deviceInfo is missing/],
    [
      'deviceInfo.devEui not hex',
      'v4',
      V4_JOIN,
      json({ deviceInfo: { devEui: 'AQEBAQEBAQE=' }, devAddr: '00189440' }),
      /deviceInfo.devEui must be 16 hex digits/,
    ],
    [
      'a devAddr of the wrong length',
      'v4',
      V4_JOIN,
      json({ deviceInfo: { devEui: '0101010101010101' }, devAddr: '001894' }),
      /devAddr must be 8 hex digits/,
    ],
    [
      'a deviceName of the wrong type',
      'v4',
      V4_JOIN,
      json({ deviceInfo: { devEui: '0101010101010101', deviceName: 5 }, devAddr: '00189440' }),
      /deviceInfo.deviceName must be a string/,
    ],
    [
      'a v4 join without devAddr',
      'v4',
      V4_JOIN,
      json({ deviceInfo: { devEui: '0101010101010101' } }),
      /without devAddr/,
    ],
  ])('is malformed with %s', (_name, version, topic, payload, reason) => {
    expect(malformedReason(parseChirpstackApplicationEvent(version, topic, payload))).toMatch(reason);
  });
});
