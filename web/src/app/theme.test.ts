import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../lib/contrast';
import { cssVariablesResolver, DIMMED_TEXT, theme } from './theme';

describe('secondary text', () => {
  it('reaches WCAG AA (4.5:1) on the body and on cards in both colour schemes, where Mantine’s greys did not', () => {
    const dark = DEFAULT_THEME.colors.dark;
    expect(contrastRatio(DEFAULT_THEME.colors.gray[6], '#ffffff')).toBeLessThan(4.5);
    expect(contrastRatio(dark[2], dark[7])).toBeLessThan(4.5);
    for (const background of ['#ffffff', DEFAULT_THEME.colors.gray[0], DEFAULT_THEME.colors.gray[1]])
      expect(contrastRatio(DIMMED_TEXT.light, background)).toBeGreaterThanOrEqual(4.5);
    for (const background of [dark[7], dark[6], dark[5]])
      expect(contrastRatio(DIMMED_TEXT.dark, background)).toBeGreaterThanOrEqual(4.5);
  });

  it('is what the console’s theme gives to dimmed text', () => {
    const resolved = cssVariablesResolver({ ...DEFAULT_THEME, ...theme } as Parameters<
      typeof cssVariablesResolver
    >[0]);
    expect(resolved.light['--mantine-color-dimmed']).toBe(DIMMED_TEXT.light);
    expect(resolved.dark['--mantine-color-dimmed']).toBe(DIMMED_TEXT.dark);
  });
});
