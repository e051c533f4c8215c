import { useSearchParams } from 'react-router-dom';

/** The URL parameter holding the past time the console shows; absent while it shows the live state. */
export const AS_OF_PARAM = 'as_of';

let current: string | undefined;

/** The past time shown (UTC ISO), read from a URL; undefined when absent or not a time. */
export function readAsOf(params: URLSearchParams): string | undefined {
  const raw = params.get(AS_OF_PARAM);
  if (!raw) return undefined;
  const millis = Date.parse(raw);
  return Number.isNaN(millis) ? undefined : new Date(millis).toISOString();
}

/**
 * The past time shown, read from the address bar, for a component that must follow it while it stays on
 * screen (one outside the page, such as a dialog opened from the header): it renders again when it changes.
 */
export function useAsOf(): string | undefined {
  const [params] = useSearchParams();
  return readAsOf(params);
}

/** Set by the shell before the page renders: the page's requests read it when they are made. */
export function setCurrentAsOf(value: string | undefined): void {
  current = value;
}

/** `{ as_of }` for the read endpoints that answer as at a past time, or nothing while live. */
export function asOfQuery(): { as_of?: string } {
  return current === undefined ? {} : { as_of: current };
}

/** The moment the screens are read at: the past time shown, or the present while live. */
export function asOfNow(): Date {
  return current === undefined ? new Date() : new Date(current);
}
