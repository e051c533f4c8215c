import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import type { Evolver } from '@lorawatch/platform/aggregate';
import { AppKeyEventTypes, isAppKeyEvent, type StoredAppKey } from './app-key.events';

/** The organisation's AppKey dictionary as an aggregate: decide what a request changes, evolve from events. */
export const APP_KEYS_LIMIT = 500;

export interface AppKeyListState {
  keys: StoredAppKey[];
  /** Ids are never reused, so a deleted key's id cannot come back attached to another key. */
  lastId: number;
}

export const appKeyListEvolver: Evolver<AppKeyListState> = {
  initial: { keys: [], lastId: 0 },
  evolve(state: AppKeyListState, event: RecordedEvent): AppKeyListState {
    if (isAppKeyEvent(event, AppKeyEventTypes.Added)) {
      const added = event.data.keys;
      return {
        keys: [...state.keys, ...added],
        lastId: Math.max(state.lastId, ...added.map((key) => key.id)),
      };
    }
    if (isAppKeyEvent(event, AppKeyEventTypes.Removed)) {
      const removed = new Set(event.data.keys.map((key) => key.key));
      return { ...state, keys: state.keys.filter((key) => !removed.has(key.key)) };
    }
    return state;
  },
};

export interface AddDecision {
  added: StoredAppKey[];
  /** Repeats inside the request. */
  duplicated: number;
  /** Keys the organisation already had. */
  existing: number;
}

export class AppKeyLimitExceeded extends Error {
  constructor(readonly wouldHold: number) {
    super(
      `An organization can hold at most ${APP_KEYS_LIMIT} app keys; this request would make ${wouldHold}`,
    );
    this.name = 'AppKeyLimitExceeded';
  }
}

/** `keys` are already validated and upper-cased. Throws AppKeyLimitExceeded and then adds nothing. */
export function decideAdd(state: AppKeyListState, keys: readonly string[]): AddDecision {
  const distinct = [...new Set(keys)];
  const held = new Set(state.keys.map((key) => key.key));
  const fresh = distinct.filter((key) => !held.has(key));
  if (held.size + fresh.length > APP_KEYS_LIMIT) throw new AppKeyLimitExceeded(held.size + fresh.length);
  return {
    added: fresh.map((key, index) => ({ id: state.lastId + index + 1, key })),
    duplicated: keys.length - distinct.length,
    existing: distinct.length - fresh.length,
  };
}

export interface RemoveDecision {
  removed: StoredAppKey[];
  duplicated: number;
  /** Keys the organisation did not have. */
  absent: number;
}

export function decideRemove(state: AppKeyListState, keys: readonly string[]): RemoveDecision {
  const distinct = new Set(keys);
  const removed = state.keys.filter((key) => distinct.has(key.key));
  return { removed, duplicated: keys.length - distinct.size, absent: distinct.size - removed.length };
}
