import type { AlertView } from '@lorawatch/domain/alert.view';
import type { Importance } from '@lorawatch/domain/risk';

export interface AssetLabel {
  id: number;
  name: string;
  color: string;
}

/**
 * What notifications need from the assets and tags contexts: the organisation's labels (for `asset_tags`) and the
 * importance and labels of an alert's asset (for the delivery rules).
 */
export interface AssetLabels {
  /** The organisation's labels among `ids`; ids that are not its labels are absent from the map. */
  labels(organizationId: number, ids: number[]): Promise<Map<number, AssetLabel>>;
  assetOf(alert: AlertView): Promise<{ importance: Importance; tagIds: number[] }>;
}

export const ASSET_LABELS = Symbol('ASSET_LABELS');
