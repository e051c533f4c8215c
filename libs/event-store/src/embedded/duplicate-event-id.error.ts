/**
 * An append reuses an event id recorded elsewhere (another stream, or another place in this stream).
 * An exact replay of an earlier append is not an error: it returns the original result.
 */
export class DuplicateEventIdError extends Error {
  constructor(
    readonly eventId: string,
    readonly existingStreamId: string,
    readonly existingRevision: number,
  ) {
    super(`Event id ${eventId} already exists in stream ${existingStreamId} at revision ${existingRevision}`);
    this.name = 'DuplicateEventIdError';
  }
}
