import { decryptDataFramePayload, verifyDataFrameMic } from './data-frame-crypto';
import { frameVectors, hex } from './testing/fixtures';

const keyedDataFrames = [
  ...frameVectors('vectors-lora-packet.json'),
  ...frameVectors('vectors-brocaar-lorawan.json'),
]
  .filter((v) => v.kind.includes('data-') && v.keys?.NwkSKey !== undefined)
  .map((v) => [v.id, v] as const);

describe('data-frame crypto (1.0.x)', () => {
  it.each(keyedDataFrames)('checks the MIC of fixture %s', (_id, vector) => {
    expect(verifyDataFrameMic(hex(vector.keys?.NwkSKey ?? ''), hex(vector.phy_hex))).toBe(
      vector.expected.mic_valid ?? true,
    );
  });

  it.each(keyedDataFrames)('decrypts the payload of fixture %s', (_id, vector) => {
    const plainHex =
      vector.expected.FRMPayload_plain_hex ??
      vector.derived_by_this_research?.FRMPayload_plain_hex ??
      (vector.expected.FRMPayload_plain_text === undefined
        ? undefined
        : Buffer.from(vector.expected.FRMPayload_plain_text).toString('hex'));
    if (plainHex === undefined) return;
    const key = vector.expected.FPort === 0 ? vector.keys?.NwkSKey : vector.keys?.AppSKey;
    expect(decryptDataFramePayload(hex(key ?? ''), hex(vector.phy_hex)).toString('hex')).toBe(plainHex);
  });

  it('fails the MIC with a wrong upper counter half', () => {
    expect(
      verifyDataFrameMic(
        hex('44024241ed4ce9a68c6a8bc055233fd3'),
        hex('40f17dbe4900020001954378762b11ff0d'),
        1,
      ),
    ).toBe(false);
  });
});
