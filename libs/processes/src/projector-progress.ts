import type { ReadStore } from '@lorawatch/read-store/read-store.port';

/**
 * The event-store position every read model of the projector reflects, kept as a read-store checkpoint so that
 * other processes (api) can tell whether the read models have caught up with what they just appended.
 */
export const PROJECTOR_POSITION = 'projector:position';

/** The least position of all projections: everything up to it is in every read model. */
export function leastPosition(positions: Record<string, number>): number {
  const values = Object.values(positions);
  return values.length === 0 ? 0 : Math.min(...values);
}

/**
 * Records the projector's position every `intervalMs` when it moved (a look costs nothing while it stands still):
 * read-your-writes in the api waits for it. Returns the function that stops it.
 */
export function recordProjectorPosition(
  store: ReadStore,
  positions: () => Record<string, number>,
  intervalMs = 20,
): () => Promise<void> {
  let recorded = -1;
  let writing: Promise<void> = Promise.resolve();
  const record = () => {
    const position = leastPosition(positions());
    if (position === recorded) return;
    writing = writing
      .then(() => store.commit([], { name: PROJECTOR_POSITION, position }))
      .then(() => {
        recorded = position;
      })
      .catch(() => undefined);
  };
  record();
  const timer = setInterval(record, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    record();
    await writing;
  };
}
