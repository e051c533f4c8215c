import { AA_GRAPHICS, SCHEME_BACKGROUNDS, contrastRatio, type ColorScheme } from '../../lib/contrast';

/**
 * Charts cycle five colours (docs/console.md §9). The dark scheme keeps the console's original five; on the light
 * scheme the same hues are deepened so every slice stands out from the white card by at least 3:1 and carries a
 * white label at 4.5:1 (checked over the whole palette in palette.test.ts).
 */
export const CHART_PALETTES: Record<ColorScheme, readonly string[]> = {
  dark: ['#5d9cec', '#27c24c', '#ff902b', '#7266ba', '#23b7e5'],
  light: ['#2f6fc4', '#1d7a35', '#b35600', '#6354b0', '#0f7896'],
};

/** The original five, as named in the spec; the dark scheme's palette. */
export const CHART_COLORS = CHART_PALETTES.dark;

export function chartColor(index: number, scheme: ColorScheme = 'light'): string {
  const palette = CHART_PALETTES[scheme];
  return palette[index % palette.length];
}

/** Outline for shapes whose fill is too close to the card (fixed colours such as LOW importance's yellow). */
export const OUTLINES: Record<ColorScheme, string> = { light: '#495057', dark: '#c9c9c9' };

/**
 * The outline a slice of `fill` needs on `scheme`'s background: none (the fill itself) when the fill already stands
 * out by 3:1, otherwise a grey that does.
 */
export function sliceOutline(fill: string, scheme: ColorScheme): string {
  return contrastRatio(fill, SCHEME_BACKGROUNDS[scheme]) >= AA_GRAPHICS ? fill : OUTLINES[scheme];
}

/**
 * A palette colour picked for one scheme, moved to the same place in `scheme`'s palette (a bar colour chosen by
 * index stays that hue when the user switches scheme); any other colour is returned as it is.
 */
export function paletteColorFor(color: string, scheme: ColorScheme): string {
  for (const palette of Object.values(CHART_PALETTES)) {
    const index = palette.findIndex((entry) => entry.toLowerCase() === color.toLowerCase());
    if (index >= 0) return CHART_PALETTES[scheme][index];
  }
  return color;
}
