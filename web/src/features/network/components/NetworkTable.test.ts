import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrastRatio, readableTextColor } from '../../../lib/contrast';
import { BAND_COLORS, TYPE_COLORS } from './NetworkTable';

const NETWORK_BADGE_COLORS = {
  ...Object.fromEntries(Object.entries(BAND_COLORS).map(([name, color]) => [`band ${name}`, color])),
  ...TYPE_COLORS,
};

describe('network badges', () => {
  it.each(Object.entries(NETWORK_BADGE_COLORS))('%s (%s) carries its text at WCAG AA', (_name, color) => {
    // A filled badge is its own background, so the same ratio holds in both colour schemes.
    expect(contrastRatio(color, readableTextColor(color))).toBeGreaterThanOrEqual(AA_TEXT);
  });
});
