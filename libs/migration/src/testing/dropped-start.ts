import type { EventStore, RecordedEvent } from '@lorawatch/event-store/event-store.port';

/**
 * TEST ONLY. A real event store seen as KurrentDB shows it after a scavenge of a bounded stream ($maxCount): the
 * events of `streamId` before revision `from` are gone from the stream and from $all; every other read is unchanged.
 */
export function withDroppedStart(store: EventStore, streamId: string, from: number): EventStore {
  const kept = (event: RecordedEvent): boolean => event.streamId !== streamId || event.revision >= from;
  return {
    append: (id, events, expected) => store.append(id, events, expected),
    readStream: async (id, options = {}) =>
      id === streamId
        ? store.readStream(id, { ...options, fromRevision: Math.max(from, options.fromRevision ?? 0) })
        : store.readStream(id, options),
    readAll: async (options = {}) => {
      // Read on until `maxCount` kept events (or the end), as a server read of $all would give them.
      const wanted = options.maxCount ?? Number.POSITIVE_INFINITY;
      const shown: RecordedEvent[] = [];
      let after = options.after ?? 0;
      while (shown.length < wanted) {
        const page = await store.readAll({ ...options, after, maxCount: Math.min(wanted, 500) });
        if (page.length === 0) break;
        shown.push(...page.filter(kept));
        after = page[page.length - 1].position;
      }
      return shown.slice(0, wanted);
    },
    headPosition: () => store.headPosition(),
    subscribeToAll: (options, handler) =>
      store.subscribeToAll(options, (event) => (kept(event) ? handler(event) : undefined)),
    close: () => store.close(),
  };
}
