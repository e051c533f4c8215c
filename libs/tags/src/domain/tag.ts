import type { AssetRef } from '@lorawatch/assets';
import type { Evolver } from '@lorawatch/platform/aggregate';
import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import { TagMessages, type TagError } from './tag-errors';
import {
  TagEventTypes,
  type TagAssetsChanged,
  type TagCreated,
  type TagDeleted,
  type TagEventPayloads,
  type TagUpdated,
} from './tag.events';
import { recordedOf } from '@lorawatch/event-store/typed-events';

/** A label of an organisation and the assets carrying it. */
export interface TagState {
  exists: boolean;
  organizationId: number | null;
  name: string;
  color: string;
  /** Document ids of the tagged assets. */
  assets: string[];
}

export const initialTag: TagState = { exists: false, organizationId: null, name: '', color: '', assets: [] };

export const MAX_NAME_LENGTH = 64;
const NAME = /^[A-Za-z0-9_. ]+$/;
// "#rgb", "#rrggbb" or "#rrggbbaa": every colour the console's palette produces, within the 8-character column.
const COLOR = /^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$/;

export function tagEvolve(state: TagState, recorded: RecordedEvent): TagState {
  const event = recordedOf<TagEventPayloads>(recorded);
  switch (event.type) {
    case TagEventTypes.Created: {
      const data = event.data;
      return {
        exists: true,
        organizationId: data.organizationId,
        name: data.name,
        color: data.color,
        assets: [],
      };
    }
    case TagEventTypes.Updated: {
      const data = event.data;
      return { ...state, name: data.name, color: data.color };
    }
    case TagEventTypes.Deleted:
      return { ...state, exists: false, assets: [] };
    case TagEventTypes.Assigned: {
      const added = event.data.assets.map((asset) => asset.assetId);
      return { ...state, assets: [...state.assets, ...added] };
    }
    case TagEventTypes.Unassigned: {
      const removed = new Set(event.data.assets.map((asset) => asset.assetId));
      return { ...state, assets: state.assets.filter((asset) => !removed.has(asset)) };
    }
    default:
      return state;
  }
}

export const tagEvolver: Evolver<TagState> = { initial: initialTag, evolve: tagEvolve };

/** The name and colour rules of the label dialog (console §5), with the contract's duplicate-name error. */
export function validateTag(
  name: string | undefined,
  color: string | undefined,
  takenNames: readonly string[],
): TagError[] {
  const errors: TagError[] = [];
  const trimmed = name?.trim() ?? '';
  if (trimmed === '') errors.push({ code: 'MISSING_NAME', message: TagMessages.missingName });
  else if (trimmed.length > MAX_NAME_LENGTH)
    errors.push({ code: 'EXCEED_MAX_LENGTH', message: TagMessages.nameTooLong });
  else if (!NAME.test(trimmed)) errors.push({ code: 'INVALID_NAME', message: TagMessages.invalidName });
  else if (takenNames.includes(trimmed))
    errors.push({ code: 'EXISTING_NAME', message: TagMessages.existingName });
  if (color === undefined || color === '')
    errors.push({ code: 'MISSING_COLOR', message: TagMessages.missingColor });
  else if (!COLOR.test(color)) errors.push({ code: 'INVALID_COLOR', message: TagMessages.invalidColor });
  return errors;
}

export type TagDecision<T> =
  T | { rejected: 'not_found' } | { rejected: 'forbidden' } | { rejected: 'invalid'; errors: TagError[] };

export function decideCreate(
  tagId: number,
  organizationId: number,
  name: string | undefined,
  color: string | undefined,
  takenNames: readonly string[],
): TagDecision<TagCreated> {
  const errors = validateTag(name, color, takenNames);
  if (errors.length > 0) return { rejected: 'invalid', errors };
  return { tagId, organizationId, name: (name ?? '').trim(), color: color ?? '' };
}

/** Either field may be left out; what is given follows the creation rules. */
export function decideUpdate(
  state: TagState,
  tagId: number,
  organizationId: number,
  change: { name?: string; color?: string },
  takenNames: readonly string[],
): TagDecision<TagUpdated> {
  if (!owned(state, organizationId)) return { rejected: 'not_found' };
  const name = change.name ?? state.name;
  const color = change.color ?? state.color;
  const others = takenNames.filter((taken) => taken !== state.name);
  const errors = validateTag(name, color, others);
  if (errors.length > 0) return { rejected: 'invalid', errors };
  return { tagId, organizationId, name: name.trim(), color };
}

export function decideDelete(
  state: TagState,
  tagId: number,
  organizationId: number,
): TagDecision<TagDeleted> {
  if (!owned(state, organizationId)) return { rejected: 'not_found' };
  return { tagId, organizationId };
}

/** Idempotent: assets already tagged (or already untagged) are left out; nothing left means no event. */
export function decideAssignment(
  state: TagState,
  tagId: number,
  organizationId: number,
  assets: AssetRef[],
  assign: boolean,
): TagDecision<TagAssetsChanged | null> {
  if (!state.exists) return { rejected: 'not_found' };
  // Labelling with another organisation's tag is refused outright (docs/api.md §11), not hidden as unknown.
  if (state.organizationId !== organizationId) return { rejected: 'forbidden' };
  const current = new Set(state.assets);
  const changed = new Map<string, AssetRef>();
  for (const asset of assets) if (current.has(asset.assetId) !== assign) changed.set(asset.assetId, asset);
  if (changed.size === 0) return null;
  return { tagId, organizationId, assets: [...changed.values()] };
}

function owned(state: TagState, organizationId: number): boolean {
  return state.exists && state.organizationId === organizationId;
}
