import { useEffect, useRef } from 'react';

export interface ArrowNavigation {
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}

/** Fields where the arrow keys move the text cursor, not the dialog. */
const TYPING = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/** Whether a key press belongs to a field being typed in. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return TYPING.has(target.tagName) || target.isContentEditable;
}

/**
 * ← and → step to the previous and next item while a detail dialog is open (as its Previous and Next buttons do),
 * except while typing in one of its fields. Esc is left to the dialog, which closes on it.
 */
export function useArrowKeys(opened: boolean, navigation: ArrowNavigation | undefined): void {
  const latest = useRef(navigation);
  latest.current = navigation;
  useEffect(() => {
    if (!opened) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      const current = latest.current;
      if (!current || event.defaultPrevented || isTyping(event.target)) return;
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.key === 'ArrowLeft' && current.hasPrevious) {
        event.preventDefault();
        current.onPrevious();
      } else if (event.key === 'ArrowRight' && current.hasNext) {
        event.preventDefault();
        current.onNext();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [opened]);
}
