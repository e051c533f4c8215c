import type { EventStore, RecordedEvent } from '@lorawatch/event-store/event-store.port';

/**
 * TEST ONLY. A real event store seen through KurrentDB-like numbering: positions are strictly increasing but sparse
 * (position n shows as n * 10 + 3), so a migration into it must translate every position it carries over, as it
 * must into KurrentDB, whose positions are commit positions. Everything else goes to the store unchanged.
 */
export function withSparsePositions(store: EventStore): EventStore {
  const shown = (real: number): number => (real === 0 ? 0 : real * 10 + 3);
  /** The real position of the last event shown at or before `position`. */
  const real = (position: number): number => Math.max(0, Math.floor((position - 3) / 10));
  const show = (event: RecordedEvent): RecordedEvent => ({ ...event, position: shown(event.position) });
  return {
    append: async (streamId, events, expected) => {
      const result = await store.append(streamId, events, expected);
      return { ...result, position: shown(result.position) };
    },
    readStream: async (streamId, options) => (await store.readStream(streamId, options)).map(show),
    readAll: async (options = {}) =>
      (await store.readAll({ ...options, after: real(options.after ?? 0) })).map(show),
    headPosition: async () => shown(await store.headPosition()),
    subscribeToAll: (options, handler) => {
      const subscription = store.subscribeToAll({ ...options, after: real(options.after) }, (event) =>
        handler(show(event)),
      );
      return {
        get position() {
          return shown(subscription.position);
        },
        caughtUp: () => subscription.caughtUp(),
        stop: () => subscription.stop(),
      };
    },
    close: () => store.close(),
  };
}
