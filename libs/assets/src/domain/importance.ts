import { IMPORTANCES, type Importance } from '@lorawatch/domain/risk';
import type { AssetImportanceSet } from './asset-attribute.events';
import type { AssetRef } from './asset-ref';

/** Assets nobody rated yet count as LOW, as in the original inventory. */
export const DEFAULT_IMPORTANCE: Importance = 'LOW';

export const INVALID_IMPORTANCE = 'importance must be LOW, MEDIUM or HIGH';

export function isImportance(value: unknown): value is Importance {
  return typeof value === 'string' && (IMPORTANCES as readonly string[]).includes(value);
}

/** Setting an importance: a value of the scale, for at least one asset (no asset is a harmless no-op). */
export function decideImportance(
  organizationId: number,
  importance: string,
  assets: AssetRef[],
): AssetImportanceSet | { error: string } | null {
  if (!isImportance(importance)) return { error: INVALID_IMPORTANCE };
  if (assets.length === 0) return null;
  return { organizationId, importance, assets: uniqueAssets(assets) };
}

export function uniqueAssets(assets: AssetRef[]): AssetRef[] {
  const seen = new Map<string, AssetRef>();
  for (const asset of assets) seen.set(asset.assetId, asset);
  return [...seen.values()];
}
