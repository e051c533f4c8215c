/** One asset one user hid from their own lists; showing it again removes the document. */
export interface AssetHidingView {
  /** `<userId>:<asset document id>`. */
  id: string;
  userId: number;
  organizationId: number;
  assetId: string;
  numericId: number;
}

export const ASSET_HIDING = {
  name: 'asset_hiding',
  indexes: [{ fields: ['userId'] }],
};

export const hidingId = (userId: number, assetId: string): string => `${userId}:${assetId}`;
