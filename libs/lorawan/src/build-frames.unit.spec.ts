import loraPacket from 'lora-packet';
import { buildDataDown, buildDataUp, buildJoinAccept, buildJoinRequest } from './build-frames';
import { decryptDataFramePayload, verifyDataFrameMic } from './data-frame-crypto';
import { decodePhyPayload, type DecodedFrame } from './decode-phy-payload';
import { decryptJoinAccept, deriveSessionKeys, verifyJoinRequestMic } from './join';
import { hex, ttnHandshake } from './testing/fixtures';

function decoded(phy: Buffer): DecodedFrame {
  const result = decodePhyPayload(phy);
  if (!result.ok) throw new Error(result.reason);
  return result.frame;
}

const LP_NWK = hex('44024241ed4ce9a68c6a8bc055233fd3');
const LP_APP = hex('ec925802ae430ca77fd3dd73cb2cc588');

describe('buildJoinRequest', () => {
  it('reproduces the brocaar and TTN join requests byte for byte', () => {
    expect(
      buildJoinRequest({
        appKey: hex('01'.repeat(16)),
        joinEui: '0102030401020304',
        devEui: '0203040502030405',
        devNonce: 4141,
      }).toString('hex'),
    ).toBe('00040302010403020105040302050403022d106a990e12');
    const ttn = ttnHandshake();
    expect(
      buildJoinRequest({
        appKey: hex(ttn.AppKey),
        joinEui: '70b3d57ed00000dc',
        devEui: '00afee7cf5ed6f1e',
        devNonce: 52357,
      }).toString('hex'),
    ).toBe(ttn.join_request.phy_hex);
  });

  it('round-trips through the decoder with a valid MIC', () => {
    const appKey = hex('000102030405060708090a0b0c0d0e0f');
    const phy = buildJoinRequest({
      appKey,
      joinEui: '70b3d57ed0001234',
      devEui: 'a84041000181c4f2',
      devNonce: 8911,
    });
    expect(decoded(phy)).toMatchObject({
      mType: 'JoinRequest',
      joinEui: '70b3d57ed0001234',
      devEui: 'a84041000181c4f2',
      devNonce: 8911,
    });
    expect(phy.subarray(17, 19).toString('hex')).toBe('cf22');
    expect(verifyJoinRequestMic(appKey, phy)).toBe(true);
  });

  it('refuses malformed EUIs', () => {
    expect(() =>
      buildJoinRequest({ appKey: hex('00'.repeat(16)), joinEui: 'xyz', devEui: '00'.repeat(8), devNonce: 1 }),
    ).toThrow(RangeError);
  });
});

describe('buildJoinAccept', () => {
  it('reproduces the real TTN join accept on the air', () => {
    const ttn = ttnHandshake();
    const phy = buildJoinAccept({
      appKey: hex(ttn.AppKey),
      joinNonce: 15009338,
      netId: '000013',
      devAddr: '26012e43',
      dlSettings: 0x03,
      rxDelay: 1,
      cfList: hex(ttn.join_accept.expected.CFList),
    });
    expect(phy.toString('hex')).toBe(ttn.join_accept.phy_hex);
  });

  it('reproduces the brocaar accept and round-trips through decryption', () => {
    const appKey = hex('00112233445566778899aabbccddeeff');
    const phy = buildJoinAccept({
      appKey,
      joinNonce: 5704647,
      netId: '221101',
      devAddr: '02031980',
      rxDelay: 0,
    });
    expect(phy.toString('hex')).toBe('20493eeb51fba2116f810edb3742975142');
    expect(decoded(phy)).toMatchObject({ mType: 'JoinAccept', size: 17 });
    expect(decryptJoinAccept(appKey, phy)).toMatchObject({ devAddr: '02031980', micValid: true, rxDelay: 0 });
  });
});

describe('buildDataUp / buildDataDown', () => {
  it('reproduces the lora-packet uplink and downlink', () => {
    const common = { nwkSKey: LP_NWK, appSKey: LP_APP, devAddr: '49be7df1', fPort: 1 };
    expect(buildDataUp({ ...common, fCnt: 2, payload: Buffer.from('test') }).toString('hex')).toBe(
      '40f17dbe4900020001954378762b11ff0d',
    );
    expect(buildDataDown({ ...common, fCnt: 2, payload: Buffer.alloc(0), ack: true }).toString('hex')).toBe(
      '60f17dbe4920020001f9d65d27',
    );
  });

  it('reproduces the brocaar confirmed uplink with FOpts', () => {
    const phy = buildDataUp({
      nwkSKey: hex('0102030405060708090a0b0c0d0e0f10'),
      appSKey: hex('100f0e0d0c0b0a090807060504030201'),
      devAddr: '01020304',
      fCnt: 0,
      fPort: 10,
      fOpts: hex('067307'),
      payload: hex('01020304'),
      confirmed: true,
    });
    expect(phy.toString('hex')).toBe('80040302010300000673070ae264d4f7e117d2c0');
  });

  it('round-trips every flag and a counter past the 16-bit wrap', () => {
    const fCnt = 0x1_0005;
    const up = buildDataUp({
      nwkSKey: LP_NWK,
      appSKey: LP_APP,
      devAddr: '260118ce',
      fCnt,
      fPort: 42,
      payload: Buffer.from('a payload longer than one AES block'),
      adr: true,
      adrAckReq: true,
      classB: true,
    });
    expect(decoded(up)).toMatchObject({
      mType: 'UnconfirmedDataUp',
      devAddr: '260118ce',
      fCount: 5,
      fPort: 42,
      fCtrl: { adr: true, adrAckReq: true, classB: true, ack: false, fPending: false },
    });
    expect(verifyDataFrameMic(LP_NWK, up, 1)).toBe(true);
    expect(verifyDataFrameMic(LP_NWK, up, 0)).toBe(false);
    expect(decryptDataFramePayload(LP_APP, up, 1).toString()).toBe('a payload longer than one AES block');

    const down = buildDataDown({
      nwkSKey: LP_NWK,
      appSKey: LP_APP,
      devAddr: '260118ce',
      fCnt: 9,
      fPort: null,
      payload: Buffer.alloc(0),
      confirmed: true,
      fPending: true,
      fOpts: hex('021108'),
    });
    expect(decoded(down)).toMatchObject({
      mType: 'ConfirmedDataDown',
      direction: 'down',
      fPort: null,
      fOpts: '021108',
      fCtrl: { fPending: true, classB: false, fOptsLength: 3 },
    });
    expect(loraPacket.verifyMIC(loraPacket.fromWire(down), LP_NWK)).toBe(true);
  });

  it('builds traffic for session keys derived from a join', () => {
    const ttn = ttnHandshake();
    const keys = deriveSessionKeys(hex(ttn.AppKey), 15009338, '000013', 52357);
    const up = buildDataUp({ ...keys, devAddr: '26012e43', fCnt: 1, fPort: 0, payload: hex('02') });
    expect(verifyDataFrameMic(keys.nwkSKey, up)).toBe(true);
    expect(decryptDataFramePayload(keys.nwkSKey, up).toString('hex')).toBe('02');
  });

  it('refuses inconsistent fields', () => {
    const base = { nwkSKey: LP_NWK, appSKey: LP_APP, devAddr: '49be7df1', fCnt: 1 };
    expect(() => buildDataUp({ ...base, fPort: null, payload: Buffer.from('x') })).toThrow(RangeError);
    expect(() => buildDataUp({ ...base, fPort: 0, payload: Buffer.alloc(0), fOpts: hex('02') })).toThrow(
      RangeError,
    );
    expect(() =>
      buildDataUp({ ...base, fPort: 1, payload: Buffer.alloc(0), fOpts: Buffer.alloc(16) }),
    ).toThrow(RangeError);
  });
});
