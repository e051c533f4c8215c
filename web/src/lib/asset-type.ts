/** The two kinds of asset a LoRaWAN network has. */
export type AssetType = 'device' | 'gateway';

/** The asset lists' type filter cycles (docs/console.md §4): none → gateway → device → none. */
export function nextAssetType(current: AssetType | null): AssetType | null {
  if (current === null) return 'gateway';
  if (current === 'gateway') return 'device';
  return null;
}
