import { randomBytes } from 'node:crypto';
import { buildJoinRequest } from '../build-frames';
import { verifyJoinRequestMic } from '../join';
import { hex, ttnHandshake } from '../testing/fixtures';
import { JoinRequestTrial } from './join-request-trial';

describe('join request MIC trial', () => {
  const ttn = ttnHandshake();
  const frame = hex(ttn.join_request.phy_hex);

  it('accepts the real TTN join request under its AppKey', () => {
    expect(new JoinRequestTrial(frame).matches(hex(ttn.AppKey))).toBe(true);
  });

  it('agrees with the reference CMAC on random keys, frames and nonces', () => {
    for (let i = 0; i < 300; i += 1) {
      const appKey = randomBytes(16);
      const built = buildJoinRequest({
        appKey,
        joinEui: randomBytes(8).toString('hex'),
        devEui: randomBytes(8).toString('hex'),
        devNonce: i * 217,
      });
      const trial = new JoinRequestTrial(built);
      const wrong = randomBytes(16);
      expect(trial.matches(appKey)).toBe(true);
      expect(trial.matches(wrong)).toBe(verifyJoinRequestMic(wrong, built));
    }
  });

  it('rejects a key once a MIC bit is flipped, and counts its trials', () => {
    const tampered = Buffer.from(frame);
    tampered[22] ^= 0x01;
    const trial = new JoinRequestTrial(tampered);
    expect(trial.matches(hex(ttn.AppKey))).toBe(false);
    expect(trial.trials).toBe(1);
  });

  it('refuses frames that are not join requests', () => {
    expect(() => new JoinRequestTrial(frame.subarray(0, 22))).toThrow(RangeError);
    expect(() => new JoinRequestTrial(Buffer.concat([Buffer.from([0x40]), frame.subarray(1)]))).toThrow(
      RangeError,
    );
  });
});
