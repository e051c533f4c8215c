import { WrongExpectedRevisionError, type EventStore } from '@lorawatch/event-store/event-store.port';
import { envelope } from './aggregate';

/**
 * Numeric ids (the API's contract uses integers) allocated through a sequence stream per kind:
 * the n-th IdAllocated event of `sequence-<kind>` is id n. Optimistic concurrency makes it safe for
 * several processes; a conflict simply retries on the new tail.
 */
export async function allocateId(store: EventStore, kind: string, occurredAt: string): Promise<number> {
  const streamId = `sequence-${kind}`;
  for (let attempt = 0; attempt < 20; attempt++) {
    const tail = await store.readStream(streamId);
    const expected = tail.length === 0 ? 'no_stream' : tail[tail.length - 1].revision;
    const id = tail.length + 1;
    try {
      await store.append(
        streamId,
        [envelope('IdAllocated', { kind, id }, { organizationId: null, actor: 'system' }, occurredAt)],
        expected,
      );
      return id;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
  }
  throw new Error(`Could not allocate an id for ${kind}`);
}
