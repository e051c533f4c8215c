import type { AssetRef } from '@lorawatch/assets';
import { eventGuard, type RecordedOf } from '@lorawatch/event-store/typed-events';

export const TagEventTypes = {
  Created: 'TagCreated',
  Updated: 'TagUpdated',
  Deleted: 'TagDeleted',
  Assigned: 'TagAssigned',
  Unassigned: 'TagUnassigned',
} as const;

export interface TagCreated {
  tagId: number;
  organizationId: number;
  name: string;
  color: string;
}

export interface TagUpdated {
  tagId: number;
  organizationId: number;
  name: string;
  color: string;
}

export interface TagDeleted {
  tagId: number;
  organizationId: number;
}

/** Assets that gained (or lost) the tag; only the ones whose state changed are listed. */
export interface TagAssetsChanged {
  tagId: number;
  organizationId: number;
  assets: AssetRef[];
}

export const tagStream = (tagId: number): string => `tag-${tagId}`;

/** Each tag event type with its payload. */
export interface TagEventPayloads {
  [TagEventTypes.Created]: TagCreated;
  [TagEventTypes.Updated]: TagUpdated;
  [TagEventTypes.Deleted]: TagDeleted;
  [TagEventTypes.Assigned]: TagAssetsChanged;
  [TagEventTypes.Unassigned]: TagAssetsChanged;
}
export type TagEvent = RecordedOf<TagEventPayloads>;
export const isTagEvent = eventGuard<TagEventPayloads>();
