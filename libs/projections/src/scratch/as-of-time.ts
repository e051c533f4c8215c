/** Why an `as_of` cannot be answered, in the words the API gives back. */
export type AsOfCheck = { at: string } | { rejected: string };

/** Dates and times as ISO 8601 writes them: a date, optionally a time with seconds, fraction and zone. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Reads an `as_of` parameter: an ISO 8601 time not later than `now`. Answers the time normalised (UTC,
 * milliseconds), which also names the cached read models built for it.
 */
export function checkAsOf(raw: string, now: Date): AsOfCheck {
  const text = raw.trim();
  const millis = ISO_TIME.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(millis))
    return { rejected: 'as_of must be an ISO 8601 time, such as 2026-01-31T00:00:00Z' };
  if (millis > now.getTime()) return { rejected: 'as_of must not be in the future' };
  return { at: new Date(millis).toISOString() };
}
