import { createHash, randomBytes } from 'node:crypto';
import { buildJoinRequest } from '../build-frames';
import { readFixtureText } from '../testing/fixtures';
import { frameVectors, hex, ttnHandshake, weakKeyJoinRequests } from '../testing/fixtures';
import { candidateFamilies, GENERATED_FAMILIES } from './candidate-order';
import { findAppKey, keyMatchesJoinRequest } from './find-app-key';
import { WELL_KNOWN_APP_KEYS } from './well-known-app-keys';

const JOIN_EUI = '70b3d57ed0001234';
const DEV_EUI = '0004a30b001c0530';
const wire = (display: string) => Buffer.from(display, 'hex').reverse().toString('hex');
const repeat = (byteHex: string, times: number) => byteHex.repeat(times);

function joinRequestUnder(appKeyHex: string, devNonce = 4321): Buffer {
  return buildJoinRequest({ appKey: hex(appKeyHex), joinEui: JOIN_EUI, devEui: DEV_EUI, devNonce });
}

describe('AppKey search on one join request', () => {
  it.each(weakKeyJoinRequests().map((c) => [c.id, c] as const))(
    'finds the weak key of the published frame: %s',
    (_id, fixture) => {
      const { hit } = findAppKey(hex(fixture.phy_hex));
      expect(hit?.appKey).toBe(fixture.AppKey_found.toUpperCase());
    },
  );

  it('finds the keys of the brocaar/lorawan join request vectors', () => {
    for (const vector of frameVectors('vectors-brocaar-lorawan.json').filter(
      (v) => v.kind === 'join-request',
    )) {
      expect(findAppKey(hex(vector.phy_hex)).hit?.appKey).toBe(vector.keys?.AppKey?.toUpperCase());
    }
  });

  it('does not find the strong key of the real TTN join, nor the unknown key of the IoTRoam captures', () => {
    const ttn = findAppKey(hex(ttnHandshake().join_request.phy_hex));
    expect(ttn.hit).toBeNull();
    expect(ttn.trials).toBeGreaterThan(196_608);
    const iotroam = readFixtureText('chirpstack-v3/iotroam-2020-mosquitto-sub.txt')
      .split('\n')
      .filter((line) => line.trim().length > 0)
      .map((line) => (JSON.parse(line.slice(line.indexOf(' ') + 1)) as { phyPayload: string }).phyPayload);
    for (const phy of iotroam) expect(findAppKey(Buffer.from(phy, 'base64')).hit).toBeNull();
  });

  it('does not find random keys', () => {
    for (let i = 0; i < 3; i += 1) {
      expect(findAppKey(joinRequestUnder(randomBytes(16).toString('hex'))).hit).toBeNull();
    }
  });

  const md5 = (input: Buffer | string) => createHash('md5').update(input).digest('hex');
  const sha256 = (input: Buffer | string) => createHash('sha256').update(input).digest('hex');
  const PATTERNS: Array<[family: string, pattern: string, key: string]> = [
    ['eui-concatenations', 'JoinEUI‖DevEUI', JOIN_EUI + DEV_EUI],
    ['eui-concatenations', 'DevEUI‖JoinEUI', DEV_EUI + JOIN_EUI],
    ['eui-concatenations', 'DevEUI‖DevEUI', DEV_EUI + DEV_EUI],
    ['eui-concatenations', 'JoinEUI‖JoinEUI', JOIN_EUI + JOIN_EUI],
    ['eui-concatenations', 'JoinEUI‖DevEUI in wire order', wire(JOIN_EUI) + wire(DEV_EUI)],
    ['repeated-bytes', '16 × 0x00', repeat('00', 16)],
    ['repeated-bytes', '16 × 0xA5', repeat('a5', 16)],
    ['byte-sequences', '00 01 … 0F', '000102030405060708090a0b0c0d0e0f'],
    ['byte-sequences', 'FF FE … F0', 'fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0'],
    ['well-known', 'the FIPS-197 example key', '2b7e151628aed2a6abf7158809cf4f3c'],
    ['eui-interleavings', 'DevEUI and JoinEUI byte by byte', interleave(DEV_EUI, JOIN_EUI)],
    [
      'eui-interleavings',
      'JoinEUI and DevEUI byte by byte, wire order',
      interleave(wire(JOIN_EUI), wire(DEV_EUI)),
    ],
    ['eui-hashes', 'MD5 of JoinEUI‖DevEUI', md5(hex(JOIN_EUI + DEV_EUI))],
    ['eui-hashes', 'MD5 of the DevEUI hex text', md5(DEV_EUI)],
    ['eui-hashes', 'last 16 bytes of SHA-256 of DevEUI', sha256(hex(DEV_EUI)).slice(-32)],
    ['eui-with-repeated-byte', 'DevEUI then 8 × 0xFF', DEV_EUI + repeat('ff', 8)],
    ['eui-with-repeated-byte', '8 × 0x00 then JoinEUI', repeat('00', 8) + JOIN_EUI],
    ['zeros-then-two-bytes', '00 … 00 12 34', repeat('00', 14) + '1234'],
    ['leading-byte-then-repeated', '01 then 15 × 0xEE', '01' + repeat('ee', 15)],
    ['alternating-bytes', 'AA 55 AA 55 …', repeat('aa55', 8)],
  ];

  it.each(PATTERNS)('finds a %s key (%s)', (family, _pattern, key) => {
    const { hit } = findAppKey(joinRequestUnder(key));
    expect(hit).toEqual({ appKey: key.toUpperCase(), family });
  });

  it('tries the organisation keys first, and accepts lower-case ones', () => {
    const own = randomBytes(16).toString('hex');
    expect(findAppKey(joinRequestUnder(own)).hit).toBeNull();
    const { hit, trials } = findAppKey(joinRequestUnder(own), candidateFamilies(['not a key', own]));
    expect(hit).toEqual({ appKey: own.toUpperCase(), family: 'organization' });
    expect(trials).toBe(1);
    // A weak key the organisation also listed is reported as theirs.
    const listedWeak = findAppKey(joinRequestUnder(repeat('01', 16)), candidateFamilies([repeat('01', 16)]));
    expect(listedWeak.hit?.family).toBe('organization');
  });

  it('puts the EUI keys before the dictionary and the two-byte families last', () => {
    const names = GENERATED_FAMILIES.map((family) => family.name);
    expect(names[0]).toBe('eui-concatenations');
    expect(names.slice(-3)).toEqual([
      'zeros-then-two-bytes',
      'leading-byte-then-repeated',
      'alternating-bytes',
    ]);
    expect(WELL_KNOWN_APP_KEYS).toHaveLength(298);
  });

  it('re-checks one stored key against another join request', () => {
    const key = randomBytes(16).toString('hex').toUpperCase();
    expect(keyMatchesJoinRequest(joinRequestUnder(key, 1), key)).toBe(true);
    expect(keyMatchesJoinRequest(joinRequestUnder(key, 2), key)).toBe(true);
    expect(keyMatchesJoinRequest(joinRequestUnder(repeat('00', 16)), key)).toBe(false);
  });
});

function interleave(first: string, second: string): string {
  const a = hex(first);
  const b = hex(second);
  return Array.from(a, (byte, i) => [byte, b[i]])
    .flat()
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('');
}
