import type { ReadStore } from './read-store.port';

/** A store that tells of its commits wakes the wait at once; this bounds it for commits made by another process. */
const WAKE_WAIT_MS = 200;
/** A store without a commit signal (MongoDB) is asked again after this. */
const POLL_MS = 20;

/**
 * Resolves true once checkpoint `name` is at `position` or beyond, false when `stopped()` says to give up first.
 * The checkpoint is read again when the store says it committed (or after a bounded wait, for commits of another
 * process on the same file), not on a timer: a waiter costs no reads while nothing is committed.
 */
export async function checkpointReached(
  store: ReadStore,
  name: string,
  position: number,
  stopped: () => boolean,
): Promise<boolean> {
  const commits = store.commitSignal;
  while (!stopped()) {
    // Read before the checkpoint: a commit between the two wakes the wait at once.
    const seen = commits?.version ?? 0;
    if ((await store.checkpoint(name)) >= position) return true;
    if (commits) await commits.wait(WAKE_WAIT_MS, seen);
    else await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return false;
}
