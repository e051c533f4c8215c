import { useCallback, useState } from 'react';

/**
 * Live lists that hold still: while the user has paused them, or while the pointer is over the table, new data
 * waits instead of moving the rows; it is applied on resume or when the pointer leaves. A change the user asked
 * for (another page, filter or sort, named by `view`) is always applied at once.
 */

export interface HeldSnapshot<T> {
  rows: readonly T[];
  view: string;
  /**
   * The view changed and its own rows have not come yet (they are loading): the next rows are the answer to what the
   * user asked for, and are shown even while the list is held.
   */
  awaitingView?: boolean;
}

/**
 * What the table shows next: the incoming rows unless they are held (same view while paused or hovered).
 * `loading` says that the rows of the view asked for have not come yet: until they have, whatever comes is shown
 * and the next rows are still awaited (a live update of the old rows must not pass for the answer).
 */
export function nextSnapshot<T>(
  shown: HeldSnapshot<T>,
  incoming: HeldSnapshot<T>,
  held: boolean,
  loading = false,
): HeldSnapshot<T> {
  if (shown.view !== incoming.view) return { ...incoming, awaitingView: true };
  if (shown.awaitingView) {
    if (loading) return shown.rows === incoming.rows ? shown : { ...incoming, awaitingView: true };
    return { ...incoming, awaitingView: false };
  }
  if (shown.rows === incoming.rows) return shown;
  if (held) return shown;
  return incoming;
}

/** How many of the incoming rows are not on screen yet. */
export function newRowCount<T>(
  shown: readonly T[],
  incoming: readonly T[],
  keyOf: (row: T) => string | number,
): number {
  const onScreen = new Set(shown.map(keyOf));
  return incoming.filter((row) => !onScreen.has(keyOf(row))).length;
}

export interface LiveHold<T> {
  rows: readonly T[];
  paused: boolean;
  /** Held by the pointer over the table (not by the user's pause). */
  hovered: boolean;
  /** Newer rows are waiting. */
  pending: boolean;
  /** How many of the waiting rows are new. */
  waiting: number;
  togglePaused(): void;
  /** Spread on the element around the table. */
  holdProps: { onPointerEnter: () => void; onPointerLeave: () => void };
}

export function useLiveHold<T>(
  rows: readonly T[],
  options: {
    view: string;
    keyOf: (row: T) => string | number;
    /** The rows of the current view are loading (a change the user asked for, or Reload now). */
    loading?: boolean;
  },
): LiveHold<T> {
  const { view, keyOf, loading = false } = options;
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [shown, setShown] = useState<HeldSnapshot<T>>({ rows, view });
  const next = nextSnapshot(shown, { rows, view }, paused || hovered, loading);
  // Derived state: adopting the incoming rows during render avoids a frame with the old ones.
  if (next !== shown) setShown(next);
  const pending = next.rows !== rows;
  const togglePaused = useCallback(() => setPaused((value) => !value), []);
  const onPointerEnter = useCallback(() => setHovered(true), []);
  const onPointerLeave = useCallback(() => setHovered(false), []);
  return {
    rows: next.rows,
    paused,
    hovered,
    pending,
    waiting: pending ? newRowCount(next.rows, rows, keyOf) : 0,
    togglePaused,
    holdProps: { onPointerEnter, onPointerLeave },
  };
}
