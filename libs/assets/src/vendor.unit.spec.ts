import { vendorOf } from './vendor';

describe('vendor of an EUI', () => {
  it('names the MA-L owner of a gateway EUI', () => {
    expect(vendorOf('a840411d2bfc4150')).toBe('Dragino Technology Co., Limited');
    expect(vendorOf('24E124FFFEF00001')).toBe('Xiamen Milesight IoT Co., Ltd.');
  });

  it('prefers the small block inside a registration-authority range over the range owner', () => {
    // 70B3D5 is the registration authority's own MA-L; 70B3D57ED is an MA-S block inside it.
    expect(vendorOf('70b3d57ed0000001')).toBe('The Things Network Foundation');
  });

  it('has no vendor for unregistered prefixes or malformed EUIs', () => {
    expect(vendorOf('0101010101010101')).toBeNull();
    expect(vendorOf('a84041')).toBeNull();
    expect(vendorOf(null)).toBeNull();
  });
});
