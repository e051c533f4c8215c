import type { Importance } from '@lorawatch/domain/risk';
import type { AssetRef } from './asset-ref';
import { eventGuard, type RecordedOf } from '@lorawatch/event-store/typed-events';

export const AssetAttributeEventTypes = {
  ImportanceSet: 'AssetImportanceSet',
  HidingSet: 'AssetHidingSet',
} as const;

/** An organisation's importance for some of its assets (one stream per organisation: the last word wins). */
export interface AssetImportanceSet {
  organizationId: number;
  importance: Importance;
  assets: AssetRef[];
}

/** A user hid or showed some assets for themselves only (one stream per user). */
export interface AssetHidingSet {
  organizationId: number;
  userId: number;
  hidden: boolean;
  assets: AssetRef[];
}

export const importanceStream = (organizationId: number): string => `asset-importance-${organizationId}`;
export const hidingStream = (userId: number): string => `asset-hiding-${userId}`;

/** Each asset attribute event type with its payload. */
export interface AssetAttributeEventPayloads {
  [AssetAttributeEventTypes.ImportanceSet]: AssetImportanceSet;
  [AssetAttributeEventTypes.HidingSet]: AssetHidingSet;
}
export type AssetAttributeEvent = RecordedOf<AssetAttributeEventPayloads>;
export const isAssetAttributeEvent = eventGuard<AssetAttributeEventPayloads>();
