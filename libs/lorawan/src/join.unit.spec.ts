import { AesCmac } from './aes-cmac';
import { decryptJoinAccept, deriveSessionKeys, joinRequestMic, verifyJoinRequestMic } from './join';
import { frameVectors, hex, ttnHandshake, weakKeyJoinRequests } from './testing/fixtures';

const vectors = [
  ...frameVectors('vectors-lora-packet.json'),
  ...frameVectors('vectors-brocaar-lorawan.json'),
];
const joinRequests = vectors.filter(
  (v) => v.expected.MType === 'JoinRequest' && v.keys?.AppKey !== undefined,
);

describe('join-request MIC', () => {
  it.each(joinRequests.map((v) => [v.id, v] as const))('checks fixture %s', (_id, vector) => {
    const appKey = hex(vector.keys?.AppKey ?? '');
    const frame = hex(vector.phy_hex);
    const valid = vector.expected.mic_valid ?? vector.derived_by_this_research?.mic_valid_under_AppKey;
    expect(verifyJoinRequestMic(appKey, frame)).toBe(valid);
    if (valid === false) expect(joinRequestMic(appKey, frame).toString('hex')).toBe('c65b1304');
  });

  it.each(weakKeyJoinRequests().map((c) => [c.id, c] as const))('confirms the weak key of %s', (_id, c) => {
    expect(verifyJoinRequestMic(hex(c.AppKey_found), hex(c.phy_hex))).toBe(true);
    expect(verifyJoinRequestMic(hex('00'.repeat(16)), hex(c.phy_hex))).toBe(false);
  });

  it('checks the real TTN join request and accepts a cached CMAC', () => {
    const ttn = ttnHandshake();
    const cmac = new AesCmac(hex(ttn.AppKey));
    expect(joinRequestMic(cmac, hex(ttn.join_request.phy_hex)).toString('hex')).toBe('587fe913');
    expect(verifyJoinRequestMic(cmac, hex(ttn.join_request.phy_hex))).toBe(true);
  });

  it('refuses a frame that is not a join request', () => {
    expect(() => joinRequestMic(hex('00'.repeat(16)), hex('40f17dbe49000300012a3518af'))).toThrow(RangeError);
  });
});

describe('decryptJoinAccept', () => {
  it('recovers the real TTN join accept with its CFList', () => {
    const ttn = ttnHandshake();
    const expected = ttn.join_accept.expected;
    const accept = decryptJoinAccept(hex(ttn.AppKey), hex(ttn.join_accept.phy_hex));
    expect(accept.plaintext.toString('hex')).toBe(ttn.join_accept.decrypted_hex);
    expect(accept).toMatchObject({
      joinNonce: expected.AppNonce_JoinNonce_uint24,
      netId: expected.NetID,
      devAddr: expected.DevAddr,
      dlSettings: parseInt(expected.DLSettings, 16),
      rx1DrOffset: 0,
      rx2DataRate: 3,
      rxDelay: parseInt(expected.RxDelay, 16),
      cfList: {
        hex: expected.CFList,
        type: expected.CFListType,
        frequenciesHz: expected.CFList_frequencies_hz,
      },
      mic: expected.MIC,
      micValid: true,
    });
  });

  const encryptedAccepts = vectors.filter((v) => v.kind.startsWith('join-accept (on air'));
  it.each(encryptedAccepts.map((v) => [v.id, v] as const))('recovers fixture %s', (_id, vector) => {
    const accept = decryptJoinAccept(hex(vector.keys?.AppKey ?? ''), hex(vector.phy_hex));
    expect(accept.plaintext.toString('hex')).toBe(vector.expected.decrypted_hex);
    expect(accept).toMatchObject({
      joinNonce: vector.expected.AppNonce_JoinNonce_uint24,
      netId: vector.expected.NetID,
      devAddr: vector.expected.DevAddr,
      cfList: null,
      mic: vector.expected.MIC,
      micValid: true,
    });
  });

  it('recovers the on-air form of the lora-packet plaintext accept', () => {
    const vector = vectors.find((v) => v.id === 'lp-join-accept-plaintext');
    const onAir = vector?.derived_by_this_research?.on_air_encrypted_hex ?? '';
    const accept = decryptJoinAccept(hex(vector?.keys?.AppKey ?? ''), hex(onAir));
    expect(accept.plaintext.toString('hex')).toBe(vector?.phy_hex);
    expect(accept).toMatchObject({
      joinNonce: 0x376338,
      netId: 'aabbcc',
      devAddr: '012ccde7',
      micValid: true,
    });
  });

  it('reports an invalid MIC under a wrong key', () => {
    const ttn = ttnHandshake();
    expect(decryptJoinAccept(hex('01'.repeat(16)), hex(ttn.join_accept.phy_hex)).micValid).toBe(false);
  });

  it('refuses a frame that is not a join accept', () => {
    expect(() =>
      decryptJoinAccept(hex('00'.repeat(16)), hex('0039363463336913aa05693574323831330489c65b1304')),
    ).toThrow(RangeError);
  });
});

describe('deriveSessionKeys (1.0.x)', () => {
  it('derives the keys of the real TTN join', () => {
    const ttn = ttnHandshake();
    const keys = deriveSessionKeys(
      hex(ttn.AppKey),
      15009338,
      '000013',
      ttn.join_request.expected.DevNonce_uint16,
    );
    expect(keys.nwkSKey.toString('hex')).toBe(ttn.session_keys.NwkSKey);
    expect(keys.appSKey.toString('hex')).toBe(ttn.session_keys.AppSKey);
  });

  it('derives the lora-packet published keys (DevNonce f18e)', () => {
    const vector = frameVectors('vectors-lora-packet.json').find((v) => v.id === 'lp-join-accept-plaintext');
    const published = vector?.derived_by_this_research?.session_keys_with_DevNonce_f18e;
    const keys = deriveSessionKeys(hex('98929b92c49edba9676d646d3b612456'), 0x376338, 'aabbcc', 0xf18e);
    expect(keys.nwkSKey.toString('hex')).toBe(published?.NwkSKey);
    expect(keys.appSKey.toString('hex')).toBe(published?.AppSKey);
  });

  it('refuses out-of-range inputs', () => {
    expect(() => deriveSessionKeys(hex('00'.repeat(16)), 2 ** 24, '000013', 1)).toThrow(RangeError);
    expect(() => deriveSessionKeys(hex('00'.repeat(16)), 1, '0013', 1)).toThrow(RangeError);
  });
});
