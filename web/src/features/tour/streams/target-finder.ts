import { filter, map, take, timer, type Observable } from 'rxjs';
import type { TourTarget } from '../types/tour-step';

/** How long a step waits for its screen to draw its preferred anchor before settling for less. */
export const TARGET_WAIT_MS = 1_500;
const POLL_MS = 100;

/**
 * What TourHost waits with. jsdom lays nothing out, so no anchor is ever visible there: unit tests set the wait to
 * 0 rather than sit through it on every step.
 */
export const tourTiming = { targetWaitMs: TARGET_WAIT_MS };

/** On screen: rendered (has boxes) and not pushed out sideways, as the collapsed mobile menu is. */
export function isOnScreen(element: Element): boolean {
  const rects = element.getClientRects();
  if (rects.length === 0) return false;
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && box.right > 0 && box.left < window.innerWidth;
}

export interface FindTargetOptions {
  /** False until the step's screen is the one shown (so an anchor of the previous screen is not taken). */
  ready: () => boolean;
  timeoutMs?: number;
  pollMs?: number;
  isVisible?: (element: Element) => boolean;
  root?: ParentNode;
}

/**
 * Waits for the step's anchor: the first candidate as soon as it is visible; after `timeoutMs`, any visible
 * candidate in order of preference; with none, null (the step is then centred).
 */
export function findTarget$(
  candidates: readonly TourTarget[],
  {
    ready,
    timeoutMs = TARGET_WAIT_MS,
    pollMs = POLL_MS,
    isVisible = isOnScreen,
    root = document,
  }: FindTargetOptions,
): Observable<TourTarget | null> {
  const visible = (target: TourTarget) => {
    const element = root.querySelector(target.selector);
    return element !== null && isVisible(element);
  };
  return timer(0, pollMs).pipe(
    map((tick) => {
      const timedOut = tick * pollMs >= timeoutMs;
      if (candidates.length === 0) return { done: true, target: null };
      if (!ready()) return { done: timedOut, target: null };
      if (visible(candidates[0])) return { done: true, target: candidates[0] };
      if (!timedOut) return { done: false, target: null };
      return { done: true, target: candidates.find(visible) ?? null };
    }),
    filter((attempt) => attempt.done),
    take(1),
    map((attempt) => attempt.target),
  );
}
