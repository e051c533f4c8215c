import { createHash } from 'node:crypto';
import { assetNumericId, deviceNumericId, gatewayNumericId } from './asset-id';

describe('asset ids', () => {
  it('name a device by DevEUI when known, else by DevAddr, within its data source', () => {
    expect(deviceNumericId(3, '70b3d54990000abc', '26011f0a')).toBe(
      assetNumericId('device:3:70b3d54990000abc'),
    );
    expect(deviceNumericId(3, null, '26011f0a')).toBe(assetNumericId('device:3:26011f0a'));
    expect(deviceNumericId(4, '70b3d54990000abc', null)).not.toBe(
      deviceNumericId(3, '70b3d54990000abc', null),
    );
    expect(deviceNumericId(3, null, null)).toBeNull();
  });

  it('name a gateway by its EUI within its data source; never as a device of the same hex', () => {
    expect(gatewayNumericId(3, 'b827ebfffe29fd97')).toBe(assetNumericId('gateway:3:b827ebfffe29fd97'));
    expect(gatewayNumericId(3, 'b827ebfffe29fd97')).not.toBe(deviceNumericId(3, 'b827ebfffe29fd97', null));
    expect(gatewayNumericId(3, null)).toBeNull();
  });

  it('are safe integers, the same on every call', () => {
    const id = assetNumericId('device:1:0101010101010101');
    expect(Number.isSafeInteger(id)).toBe(true);
    expect(id).toBeGreaterThan(0);
    expect(assetNumericId('device:1:0101010101010101')).toBe(id);
  });

  it('are the first 48 bits of the SHA-256 of the document id, whether remembered or not', () => {
    const hashed = (id: string) => parseInt(createHash('sha256').update(id).digest('hex').slice(0, 12), 16);
    const ids = ['device:1:70b3d54990000abc', 'gateway:2:b827ebfffe29fd97', 'device:3:26011f0a'];
    for (const id of ids) expect(assetNumericId(id)).toBe(hashed(id));
    // Given more assets named than are remembered, then the answers are still the hash's
    for (let i = 0; i < 100_001; i++) assetNumericId(`device:9:${i.toString(16).padStart(16, '0')}`);
    for (const id of ids) expect(assetNumericId(id)).toBe(hashed(id));
    expect(assetNumericId('device:9:0000000000000000')).toBe(hashed('device:9:0000000000000000'));
  });
});
