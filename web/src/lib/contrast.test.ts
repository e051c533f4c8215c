import { describe, expect, it } from 'vitest';
import { contrastRatio, parseHex, readableTextColor, relativeLuminance } from './contrast';

describe('colour contrast', () => {
  it('reads short and long hex colours', () => {
    expect(parseHex('#fff')).toEqual([255, 255, 255]);
    expect(parseHex('#5D9CEC')).toEqual([93, 156, 236]);
    expect(parseHex('#5d9cec80')).toEqual([93, 156, 236]);
    expect(() => parseHex('blue')).toThrow('Not a hex colour: blue');
  });

  it('computes luminance and contrast as WCAG defines them', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#ffffff', '#777777')).toBe(contrastRatio('#777777', '#ffffff'));
  });

  it('puts black text on light colours and white text on dark ones', () => {
    expect(readableTextColor('#fad732')).toBe('#000000');
    // White on this red is only 3.5:1; black reaches 6:1.
    expect(readableTextColor('#f05050')).toBe('#000000');
    expect(readableTextColor('#1d7a35')).toBe('#ffffff');
  });
});
