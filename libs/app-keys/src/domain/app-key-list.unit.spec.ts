import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import { AppKeyEventTypes } from './app-key.events';
import {
  appKeyListEvolver,
  AppKeyLimitExceeded,
  decideAdd,
  decideRemove,
  type AppKeyListState,
} from './app-key-list';

const key = (n: number) => n.toString(16).toUpperCase().padStart(32, '0');
const given = (...events: Array<{ type: string; keys: number[][] }>): AppKeyListState =>
  events.reduce(
    (state, { type, keys }) =>
      appKeyListEvolver.evolve(state, {
        type,
        data: { organizationId: 1, keys: keys.map(([id, n]) => ({ id, key: key(n) })) },
      } as RecordedEvent),
    appKeyListEvolver.initial,
  );

describe('organisation AppKey list', () => {
  it('adds new keys after the last id, counting repeats and keys already held', () => {
    const state = given({
      type: AppKeyEventTypes.Added,
      keys: [
        [1, 10],
        [2, 11],
      ],
    });
    expect(decideAdd(state, [key(11), key(12), key(12)])).toEqual({
      added: [{ id: 3, key: key(12) }],
      duplicated: 1,
      existing: 1,
    });
  });

  it('never reuses the id of a removed key', () => {
    const state = given(
      {
        type: AppKeyEventTypes.Added,
        keys: [
          [1, 10],
          [2, 11],
        ],
      },
      { type: AppKeyEventTypes.Removed, keys: [[2, 11]] },
    );
    expect(decideAdd(state, [key(11)]).added).toEqual([{ id: 3, key: key(11) }]);
  });

  it('refuses a request that would pass 500 keys, and accepts reaching it', () => {
    const full = given({
      type: AppKeyEventTypes.Added,
      keys: Array.from({ length: 499 }, (_, i) => [i + 1, i]),
    });
    expect(() => decideAdd(full, [key(1000), key(1001)])).toThrow(AppKeyLimitExceeded);
    expect(decideAdd(full, [key(1000), key(0)]).added).toHaveLength(1);
  });

  it('removes held keys, counting repeats and keys it does not hold', () => {
    const state = given({ type: AppKeyEventTypes.Added, keys: [[1, 10]] });
    expect(decideRemove(state, [key(10), key(10), key(99)])).toEqual({
      removed: [{ id: 1, key: key(10) }],
      duplicated: 1,
      absent: 1,
    });
  });
});
