import type { AssetType } from '../asset.view';

/**
 * An asset as user-owned attributes name it: the detectors' document id (stable across replays) plus the API's
 * integer id and type, so read models can answer by either without reading the assets collection.
 */
export interface AssetRef {
  assetId: string;
  numericId: number;
  type: AssetType;
}
