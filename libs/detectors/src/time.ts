import type { Packet } from '@lorawatch/domain/packet';

/**
 * Detectors have no clock: every instant comes from a packet date (ISO 8601). Collectors guarantee the format,
 * so an unreadable date is a contract breach and fails loudly rather than skewing every time window.
 */
export function epochMs(isoDate: string): number {
  // Read from the digits every time: a cache of parsed dates missed more often than not (every packet brings new
  // dates, and a session tracks many frames), and a miss cost several times a parse.
  const ms = parseIsoDate(isoDate);
  if (Number.isNaN(ms)) throw new RangeError(`not an ISO 8601 date: "${isoDate}"`);
  return ms;
}

/**
 * Date.parse, read straight from the digits for the form every collector writes (`YYYY-MM-DDTHH:mm:ss.sssZ`, as
 * toISOString gives it): about three times faster. Any other form, or a field out of its range, goes to Date.parse,
 * so the answer is always Date.parse's.
 */
function parseIsoDate(text: string): number {
  if (!hasIsoShape(text)) return Date.parse(text);
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  const second = digits(text, 17, 2);
  const millisecond = digits(text, 20, 3);
  // Date.UTC reads years below 100 as 19xx and Date.parse has its own rule for hour 24: those go to Date.parse. A day
  // past its month's end (up to 31) rolls over into the next month in both.
  if (
    year < 1000 ||
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > 31 ||
    hour < 0 ||
    hour > 23 ||
    minute < 0 ||
    minute > 59 ||
    second < 0 ||
    second > 59 ||
    millisecond < 0
  )
    return Date.parse(text);
  return Date.UTC(year, month - 1, day, hour, minute, second, millisecond);
}

/**
 * Whether the date `date` comes before `bound`, both ISO 8601 dates the detectors have read before (a packet's date,
 * or an instant toISOString wrote). In the form toISOString writes, text order is time order as long as no field
 * rolls over into the next (a 30 February, an hour 24): such dates are compared as text, without reading their
 * numbers (the frame tracker and the hourly windows run this over every frame and bucket of an asset on each of its
 * packets); any other date is read with epochMs. A date with a field out of its range that Date.parse refuses never
 * gets here: epochMs refused its packet (see epochMs).
 */
export function isBefore(date: string, bound: string): boolean {
  if (isPlainIsoDate(date) && isPlainIsoDate(bound)) return date < bound;
  return epochMs(date) < epochMs(bound);
}

/** `YYYY-MM-DDTHH:mm:ss.sssZ` with a day that its month has and an hour up to 23: text order is time order. */
function isPlainIsoDate(text: string): boolean {
  if (!hasIsoShape(text) || (text.charCodeAt(11) === TWO && text.charCodeAt(12) > THREE)) return false;
  const day = digits(text, 8, 2);
  return day <= 28 || day <= daysInMonth(digits(text, 0, 4), digits(text, 5, 2));
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** The number written by `length` decimal digits from `from`; -1 when one of them is not a digit. */
function digits(text: string, from: number, length: number): number {
  let value = 0;
  for (let i = from; i < from + length; i++) {
    const digit = text.charCodeAt(i) - ZERO;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

const ZERO = 48;
const TWO = 50;
const THREE = 51;
const DASH = 45;
const COLON = 58;
const DOT = 46;
const LETTER_T = 84;
const LETTER_Z = 90;

/** Absolute distance in seconds: copies from different gateways may arrive slightly out of order. */
export function secondsApart(a: string, b: string): number {
  return Math.abs(epochMs(a) - epochMs(b)) / 1000;
}

export const SECONDS_PER_DAY = 86400;

/** Packets may arrive slightly out of order; a "last seen" date never moves back. */
export function laterOf(a: string, b: string): string {
  return epochMs(b) > epochMs(a) ? b : a;
}

/** Event time, then packet id: a total order on packets, the same wherever they were read from. */
export function inEventTimeOrder(a: Pick<Packet, 'date' | 'id'>, b: Pick<Packet, 'date' | 'id'>): number {
  const byDate = epochMs(a.date) - epochMs(b.date);
  if (byDate !== 0) return byDate;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The form toISOString writes, `YYYY-MM-DDTHH:mm:ss.sssZ`, by its separators (the digits are read apart). */
function hasIsoShape(text: string): boolean {
  return (
    text.length === 24 &&
    text.charCodeAt(4) === DASH &&
    text.charCodeAt(7) === DASH &&
    text.charCodeAt(10) === LETTER_T &&
    text.charCodeAt(13) === COLON &&
    text.charCodeAt(16) === COLON &&
    text.charCodeAt(19) === DOT &&
    text.charCodeAt(23) === LETTER_Z
  );
}
