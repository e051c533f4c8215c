/** An event at the end of a stream, as the replay check needs it (the port's id, not the server's uuid). */
export interface TailEvent {
  id: string;
  revision: number;
  position: number;
}

export type ReplayCheck =
  /** The same ids, in the same order, are already in the stream: the append was done before. */
  | { kind: 'replay'; revision: number; position: number }
  /** One of the ids is already in the stream, but not as an exact replay of this append. */
  | { kind: 'duplicate'; id: string; revision: number }
  | { kind: 'new' };

/**
 * What an append of `ids` with no expected revision ('any', 'stream_exists') means for a stream ending with
 * `tail` (in revision order): the embedded store's rule (an exact replay answers the original result; any other
 * reuse of an id is refused), applied to the end of the stream that was read.
 */
export function replayIn(tail: readonly TailEvent[], ids: readonly string[]): ReplayCheck {
  if (ids.length === 0) return { kind: 'new' };
  const start = tail.findIndex((event) => event.id === ids[0]);
  if (start >= 0) {
    const run = tail.slice(start, start + ids.length);
    if (run.length === ids.length && run.every((event, index) => event.id === ids[index])) {
      const last = run[run.length - 1];
      return { kind: 'replay', revision: last.revision, position: last.position };
    }
    return { kind: 'duplicate', id: ids[0], revision: tail[start].revision };
  }
  const wanted = new Set(ids);
  const reused = tail.find((event) => wanted.has(event.id));
  return reused ? { kind: 'duplicate', id: reused.id, revision: reused.revision } : { kind: 'new' };
}

/** Ids repeated inside one append (the embedded store refuses the second copy): the first such id, or null. */
export function repeatedId(ids: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return null;
}

/**
 * A bound on a family of streams that only their last events matter for (leases, presence announcements): the
 * store sets $maxCount on each stream whose port id starts with `prefix`, so the server drops the older events
 * (hidden from reads at once, reclaimed by a scavenge) instead of keeping every renewal forever.
 */
export interface StreamBound {
  prefix: string;
  maxCount: number;
}

/** The bound of a stream (the longest matching prefix), or null when none applies. */
export function boundOf(streamId: string, bounds: readonly StreamBound[]): number | null {
  let best: StreamBound | null = null;
  for (const bound of bounds) {
    if (!Number.isSafeInteger(bound.maxCount) || bound.maxCount < 1)
      throw new RangeError(`A stream bound needs a positive maxCount (${bound.prefix}: ${bound.maxCount})`);
    if (streamId.startsWith(bound.prefix) && (!best || bound.prefix.length > best.prefix.length))
      best = bound;
  }
  return best ? best.maxCount : null;
}
