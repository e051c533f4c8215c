/**
 * Colour contrast after WCAG 2.x: relative luminance of sRGB colours, the contrast ratio between two colours, and
 * the text colour that reads best on a coloured background.
 */

/** Text needs 4.5:1 (AA, normal size); shapes such as pie slices need 3:1 against what surrounds them. */
export const AA_TEXT = 4.5;
export const AA_GRAPHICS = 3;

export const DARK_TEXT = '#000000';
export const LIGHT_TEXT = '#ffffff';

/** The page backgrounds charts and badges sit on, per colour scheme (Mantine's body colour in each). */
export const SCHEME_BACKGROUNDS = { light: '#ffffff', dark: '#242424' } as const;
export type ColorScheme = keyof typeof SCHEME_BACKGROUNDS;

const HEX_COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

export function isHexColor(color: string): boolean {
  return HEX_COLOR.test(color.trim());
}

/**
 * `#rgb`, `#rrggbb` or `#rrggbbaa` (alpha ignored) to [r, g, b] in 0..255; throws on anything else so a bad
 * palette entry fails loudly.
 */
export function parseHex(color: string): [number, number, number] {
  const match = HEX_COLOR.exec(color.trim());
  if (!match) throw new Error(`Not a hex colour: ${color}`);
  const hex =
    match[1].length === 3
      ? match[1]
          .split('')
          .map((digit) => digit + digit)
          .join('')
      : match[1].slice(0, 6);
  return [0, 2, 4].map((start) => parseInt(hex.slice(start, start + 2), 16)) as [number, number, number];
}

function channel(value: number): number {
  const srgb = value / 255;
  return srgb <= 0.04045 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4;
}

export function relativeLuminance(color: string): number {
  const [r, g, b] = parseHex(color);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** From 1 (same colour) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (lighter + 0.05) / (darker + 0.05);
}

/** Black or white, whichever contrasts more with `background`. */
export function readableTextColor(background: string): string {
  return contrastRatio(background, DARK_TEXT) >= contrastRatio(background, LIGHT_TEXT)
    ? DARK_TEXT
    : LIGHT_TEXT;
}
