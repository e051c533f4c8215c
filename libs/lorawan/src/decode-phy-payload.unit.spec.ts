import { decodePhyPayload, type DecodedFrame } from './decode-phy-payload';
import { frameVectors, hex, ttnHandshake, weakKeyJoinRequests, type FrameVector } from './testing/fixtures';

function decoded(phy: Buffer): DecodedFrame {
  const result = decodePhyPayload(phy);
  if (!result.ok) throw new Error(`expected a frame, got: ${result.reason}`);
  return result.frame;
}

function reasonFor(phy: Buffer): string {
  const result = decodePhyPayload(phy);
  if (result.ok) throw new Error(`expected a rejection, got ${result.frame.mType}`);
  return result.reason;
}

const allVectors: FrameVector[] = [
  ...frameVectors('vectors-lora-packet.json'),
  ...frameVectors('vectors-brocaar-lorawan.json'),
];

describe('decodePhyPayload', () => {
  describe.each(allVectors.map((v) => [v.id, v] as const))('fixture %s', (_id, vector) => {
    const frame = decoded(hex(vector.phy_hex));
    const expected = vector.expected;

    it('reads type, MIC and size', () => {
      expect(frame.mType).toBe(expected.MType);
      // An encrypted accept's MIC is inside the ciphertext; the frame exposes the last four wire bytes.
      const encrypted = vector.kind.startsWith('join-accept (on air');
      expect(frame.mic).toBe(encrypted ? vector.phy_hex.slice(-8) : expected.MIC);
      expect(frame.size).toBe(vector.phy_hex.length / 2);
      expect(frame.major).toBe(0);
    });

    if (expected.MType === 'JoinRequest') {
      it('reads the join-request identity', () => {
        expect(frame).toMatchObject({
          direction: 'up',
          joinEui: expected.JoinEUI,
          devEui: expected.DevEUI,
          devNonce: expected.DevNonce_uint16,
          devAddr: null,
          fCount: null,
        });
      });
    }

    if (expected.DevAddr !== undefined && expected.FCnt !== undefined) {
      it('reads the data-frame header', () => {
        expect(frame.devAddr).toBe(expected.DevAddr);
        expect(frame.fCount).toBe(expected.FCnt);
        expect(frame.fPort).toBe(expected.FPort ?? null);
        expect(frame.fOpts).toBe(expected.FOpts);
        expect(frame.fCtrl?.fOptsLength).toBe(expected.FOptsLen);
        expect(frame.direction).toBe(expected.MType.endsWith('Up') ? 'up' : 'down');
      });
    }

    if (expected.MType === 'JoinAccept') {
      it('exposes nothing but type, MIC and size of a join accept (it is encrypted)', () => {
        expect(frame).toMatchObject({
          direction: 'down',
          devEui: null,
          devAddr: null,
          devNonce: null,
          fCount: null,
        });
      });
    }
  });

  it('reads the real TTN join request and the encrypted join accept', () => {
    const ttn = ttnHandshake();
    expect(decoded(hex(ttn.join_request.phy_hex))).toMatchObject({
      mType: 'JoinRequest',
      joinEui: '70b3d57ed00000dc',
      devEui: '00afee7cf5ed6f1e',
      devNonce: 52357,
      mic: '587fe913',
    });
    expect(decoded(hex(ttn.join_accept.phy_hex))).toMatchObject({
      mType: 'JoinAccept',
      size: 33,
      mic: 'f12de145',
    });
  });

  it.each(weakKeyJoinRequests().map((c) => [c.id, c] as const))(
    'reads the weak-key join request %s',
    (_id, c) => {
      expect(decoded(hex(c.phy_hex))).toMatchObject({
        joinEui: c.expected.JoinEUI,
        devEui: c.expected.DevEUI,
        devNonce: c.expected.DevNonce_uint16,
        mic: c.expected.MIC,
      });
    },
  );

  it('reads DevNonce wire bytes cf 22 as 8911', () => {
    const phy = Buffer.alloc(23);
    phy[17] = 0xcf;
    phy[18] = 0x22;
    expect(decoded(phy).devNonce).toBe(8911);
  });

  it('reads FCtrl bits according to the direction', () => {
    // c0 on an uplink: ADR + ADRACKReq.
    expect(decoded(hex('4006dc00fcc07400000244925050')).fCtrl).toEqual({
      adr: true,
      ack: false,
      adrAckReq: true,
      fPending: false,
      classB: false,
      fOptsLength: 0,
    });
    // a3: ADR + ACK + 3 bytes of FOpts.
    expect(decoded(hex('4084412505a3010009110308b33750f504d4b86a')).fCtrl).toMatchObject({
      adr: true,
      ack: true,
      fOptsLength: 3,
    });
    // Bit 4 is ClassB up, FPending down; bit 6 is RFU down.
    const up = decoded(hex('40f17dbe4950020001954378762b11ff0d')).fCtrl;
    expect(up).toMatchObject({ classB: true, fPending: false, adrAckReq: true });
    const down = decoded(hex('60f17dbe4950020001f9d65d27')).fCtrl;
    expect(down).toMatchObject({ classB: false, fPending: true, adrAckReq: false });
  });

  it('tells a proprietary frame and a rejoin request apart without parsing them further', () => {
    expect(decoded(hex('e0008b658839'))).toMatchObject({
      mType: 'Proprietary',
      direction: null,
      mic: '8b658839',
    });
    expect(decoded(hex('c000112233112233445566778811228b658839'))).toMatchObject({
      mType: 'RejoinRequest',
      direction: 'up',
      mic: '8b658839',
      devEui: null,
    });
  });

  describe('rejects malformed frames', () => {
    it.each([
      ['empty', '', /empty/],
      ['a data frame under 12 bytes', '40f17dbe490002000195', /at least 12/],
      ['a non-zero Major', '41f17dbe4900020001954378762b11ff0d', /major version 1/],
      ['FOptsLen past the end', '40f17dbe490f020001954378762b11ff0d', /FOptsLen 15/],
      ['FOpts together with FPort 0', '40f17dbe490102000200954378762b11ff0d', /FOpts and an FPort-0/],
      ['a short join request', '0039363463336913aa05693574323831330489c65b13', /join request must be 23/],
      [
        'a join accept of the wrong size',
        '20e3de108795f776b8037610ef7869b5b300',
        /join accept must be 17 or 33/,
      ],
      ['a frame shorter than MHDR + MIC', 'e0008b65', /shorter than MHDR \+ MIC/],
    ])('%s', (_name, phyHex, reason) => {
      expect(reasonFor(hex(phyHex))).toMatch(reason);
    });

    it('over 255 bytes', () => {
      expect(reasonFor(Buffer.concat([hex('40f17dbe4900020001'), Buffer.alloc(250)]))).toMatch(
        /255-byte maximum/,
      );
    });
  });

  it('never throws, whatever the bytes', () => {
    // Deterministic pseudo-random frames (LCG) so a failure is reproducible.
    let seed = 0x2545f491;
    const next = (): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed >>> 16;
    };
    for (let i = 0; i < 5000; i += 1) {
      const phy = Buffer.from(Array.from({ length: next() % 40 }, () => next() & 0xff));
      expect(() => decodePhyPayload(phy)).not.toThrow();
    }
  });
});
