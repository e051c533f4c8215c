import type { Importance } from '@lorawatch/domain/risk';
import type { AssetType } from '../asset.view';

/** The importance an organisation gave one of its assets; absent means the default (LOW). */
export interface AssetImportanceView {
  /** The asset's document id in `assets`. */
  id: string;
  organizationId: number;
  numericId: number;
  type: AssetType;
  importance: Importance;
}

export const ASSET_IMPORTANCE = {
  name: 'asset_importance',
  indexes: [{ fields: ['organizationId'] }],
};
