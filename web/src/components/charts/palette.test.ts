import { describe, expect, it } from 'vitest';
import { IMPORTANCE_COLORS } from '../ImportanceBadge';
import { RISK_COLORS } from '../RiskBadge';
import {
  AA_GRAPHICS,
  AA_TEXT,
  SCHEME_BACKGROUNDS,
  contrastRatio,
  readableTextColor,
  type ColorScheme,
} from '../../lib/contrast';
import { CHART_PALETTES, paletteColorFor, sliceOutline } from './palette';

const SCHEMES: ColorScheme[] = ['light', 'dark'];
/** Fixed slice colours from the spec: importance, risk and the labels' default grey. */
const FIXED = [...Object.values(IMPORTANCE_COLORS), ...Object.values(RISK_COLORS), '#aaaaaa'];

describe('chart colours meet WCAG AA in both schemes', () => {
  it.each(SCHEMES)(
    'every %s palette colour stands out from the card and carries a readable label',
    (scheme) => {
      expect(CHART_PALETTES[scheme]).toHaveLength(5);
      for (const color of CHART_PALETTES[scheme]) {
        expect(contrastRatio(color, SCHEME_BACKGROUNDS[scheme])).toBeGreaterThanOrEqual(AA_GRAPHICS);
        expect(contrastRatio(color, readableTextColor(color))).toBeGreaterThanOrEqual(AA_TEXT);
      }
    },
  );

  it.each(SCHEMES)('fixed colours get an outline on the %s card when their fill is too faint', (scheme) => {
    for (const color of FIXED) {
      const outline = sliceOutline(color, scheme);
      expect(contrastRatio(outline, SCHEME_BACKGROUNDS[scheme])).toBeGreaterThanOrEqual(AA_GRAPHICS);
      expect(contrastRatio(color, readableTextColor(color))).toBeGreaterThanOrEqual(AA_TEXT);
    }
    if (scheme === 'light')
      expect(sliceOutline(IMPORTANCE_COLORS.LOW, scheme)).not.toBe(IMPORTANCE_COLORS.LOW);
  });

  it('keeps a bar colour chosen by index on the same hue across schemes', () => {
    expect(paletteColorFor(CHART_PALETTES.light[2], 'dark')).toBe(CHART_PALETTES.dark[2]);
    expect(paletteColorFor(CHART_PALETTES.dark[4], 'light')).toBe(CHART_PALETTES.light[4]);
    expect(paletteColorFor('#123456', 'dark')).toBe('#123456');
  });
});
