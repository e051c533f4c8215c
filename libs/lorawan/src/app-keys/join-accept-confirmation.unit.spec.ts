import { randomBytes } from 'node:crypto';
import { buildJoinAccept } from '../build-frames';
import { frameVectors, hex, ttnHandshake } from '../testing/fixtures';
import { confirmWithJoinAccept } from './join-accept-confirmation';

describe('confirming an AppKey with a join accept', () => {
  const ttn = ttnHandshake();

  it('decrypts the real TTN join accept, checks its MIC and derives the published session keys', () => {
    const confirmed = confirmWithJoinAccept(
      ttn.AppKey.toUpperCase(),
      hex(ttn.join_accept.phy_hex),
      ttn.join_request.expected.DevNonce_uint16,
    );
    expect(confirmed).toEqual({
      devAddr: ttn.join_accept.expected.DevAddr,
      netId: ttn.join_accept.expected.NetID,
      joinNonce: ttn.join_accept.expected.AppNonce_JoinNonce_uint24,
      sessionKeys: { nwkSKey: hex(ttn.session_keys.NwkSKey), appSKey: hex(ttn.session_keys.AppSKey) },
    });
  });

  it('confirms the brocaar/lorawan on-air join accepts under their keys', () => {
    const accepts = frameVectors('vectors-brocaar-lorawan.json').filter((v) =>
      v.kind.startsWith('join-accept'),
    );
    expect(accepts.length).toBe(2);
    for (const vector of accepts) {
      const confirmed = confirmWithJoinAccept(vector.keys?.AppKey ?? '', hex(vector.phy_hex), null);
      expect(confirmed).toMatchObject({ devAddr: vector.expected.DevAddr, sessionKeys: null });
    }
  });

  it('rejects a wrong key, and a frame that is not a join accept', () => {
    expect(
      confirmWithJoinAccept(randomBytes(16).toString('hex'), hex(ttn.join_accept.phy_hex), 1),
    ).toBeNull();
    expect(confirmWithJoinAccept(ttn.AppKey, hex(ttn.join_request.phy_hex), 1)).toBeNull();
  });

  it('confirms a generated accept with a CFList-less layout', () => {
    const appKey = randomBytes(16);
    const frame = buildJoinAccept({ appKey, joinNonce: 7, netId: '000013', devAddr: '26011234' });
    expect(confirmWithJoinAccept(appKey.toString('hex'), frame, 42)?.devAddr).toBe('26011234');
  });
});
