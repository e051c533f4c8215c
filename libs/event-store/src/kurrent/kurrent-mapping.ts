import {
  ANY,
  NO_STREAM,
  STREAM_EXISTS,
  type AppendStreamState,
  type Position,
} from '@kurrent/kurrentdb-client';
import { WrongExpectedRevisionError, type ExpectedRevision, type RecordedEvent } from '../event-store.port';
import { originalIdAndMetadata } from './event-id';
import { KurrentIncompatibleError } from './kurrent-errors';

/** The client's expected stream state for the port's expected revision. */
export function toStreamState(expected: ExpectedRevision): AppendStreamState {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      if (!Number.isSafeInteger(expected) || expected < 0)
        throw new RangeError(`Expected revision must be a non-negative integer, got ${expected}`);
      return BigInt(expected);
  }
}

/** The client reports the current revision as a bigint, or 'no_stream' (some paths use -1 for it). */
export function toActualRevision(actual: bigint | string): number | 'no_stream' {
  if (typeof actual !== 'bigint' || actual < 0n) return 'no_stream';
  return toSafeNumber(actual, 'revision');
}

export function toWrongExpectedRevision(
  streamId: string,
  expected: ExpectedRevision,
  actual: bigint | string,
): WrongExpectedRevisionError {
  return new WrongExpectedRevisionError(streamId, expected, toActualRevision(actual));
}

export function toSafeNumber(value: bigint, what: string): number {
  if (value < 0n || value > BigInt(Number.MAX_SAFE_INTEGER))
    throw new RangeError(`KurrentDB ${what} ${value} does not fit the port's number`);
  return Number(value);
}

/**
 * The port's position is the commit position of the event in $all. Events our adapter writes are
 * implicitly committed, so each has its own commit position equal to its prepare position; positions
 * shared by several events only come from explicit (legacy TCP) transactions, which we never write.
 */
export function toPortPosition(position: Position | bigint): number {
  return toSafeNumber(typeof position === 'bigint' ? position : position.commit, 'commit position');
}

/** The log position of an event at a port position (0 = the start of $all). */
export function toLogPosition(position: number): Position {
  if (!Number.isSafeInteger(position) || position < 0)
    throw new RangeError(`Position must be a non-negative integer, got ${position}`);
  const value = BigInt(position);
  return { commit: value, prepare: value };
}

/** Event types starting with '$' belong to the server (stream metadata, links, statistics, ...). */
export function isSystemEventType(type: string): boolean {
  return type.startsWith('$');
}

export function isSystemStream(streamName: string): boolean {
  return streamName.startsWith('$');
}

/**
 * The server-side filter of a subscription's types: an exact match of any of them (none: a regex that matches
 * nothing). Regex characters in a type are escaped; the server's regex engine reads these escapes alike.
 */
export function eventTypesRegex(types: readonly string[]): string {
  if (types.length === 0) return '^(?!)$';
  const escaped = [...new Set(types)].map((type) => type.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&'));
  return `^(?:${escaped.join('|')})$`;
}

/** The subscription's types option: undefined delivers every (non-system) type. */
export function matchesTypes(type: string, types: readonly string[] | undefined): boolean {
  return types === undefined || types.includes(type);
}

/**
 * Optional namespace on a shared server: port stream "s" is stored as "<prefix>s", and reads of $all only see
 * streams under the prefix. The empty prefix is the whole store.
 */
export class StreamNamespace {
  constructor(readonly prefix: string = '') {
    if (isSystemStream(prefix)) throw new Error(`A stream prefix cannot start with '$': ${prefix}`);
  }

  qualify(streamId: string): string {
    return this.prefix + streamId;
  }

  /** The port's stream id of a stored stream name, or null when the stream is outside the namespace. */
  local(streamName: string): string | null {
    if (!streamName.startsWith(this.prefix)) return null;
    const local = streamName.slice(this.prefix.length);
    return local === '' ? null : local;
  }
}

/** The parts of the client's recorded event that the conversion reads (the client's type is assignable). */
export interface KurrentRecordLike {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  created: Date;
  isJson: boolean;
  data: unknown;
  metadata: unknown;
  position?: Position;
}

export interface KurrentResolvedLike {
  event?: KurrentRecordLike;
  commitPosition?: bigint;
}

/** Servers before 22.6 send this instead of a position with events read from a stream. */
const NO_POSITION = 2n ** 64n - 1n;

/** Commit position of a resolved event, or null when the server sent none. */
export function commitPositionOf(resolved: KurrentResolvedLike): bigint | null {
  const commit = resolved.event?.position?.commit ?? resolved.commitPosition;
  return commit === undefined || commit < 0n || commit === NO_POSITION ? null : commit;
}

/**
 * The port's event for a resolved event of $all or of a stream, or null when it is not one of ours to show:
 * no event (a link to a deleted event), a system event, or a stream outside the namespace.
 */
export function toRecordedEvent(
  resolved: KurrentResolvedLike,
  namespace: StreamNamespace,
): RecordedEvent | null {
  const record = resolved.event;
  if (!record || isSystemEventType(record.type) || isSystemStream(record.streamId)) return null;
  const streamId = namespace.local(record.streamId);
  if (streamId === null) return null;
  const commit = commitPositionOf(resolved);
  // Positions come with stream reads from server 22.6 on; the port needs them on every event.
  if (commit === null)
    throw new KurrentIncompatibleError(
      `KurrentDB sent no position for event ${record.id} (server 22.6+ needed)`,
    );
  const { id, metadata, recordedAt } = originalIdAndMetadata(record.metadata, record.id);
  return {
    id,
    type: record.type,
    streamId,
    revision: toSafeNumber(record.revision, 'revision'),
    position: toPortPosition(commit),
    data: record.isJson ? record.data : decodeBinary(record.data),
    metadata,
    // A copy keeps the time its original was recorded (see ORIGINAL_RECORDED_AT_KEY), not the server's.
    recordedAt: recordedAt ?? record.created.toISOString(),
  };
}

/** Our adapter writes JSON only; a binary event from another writer is read as JSON when it is JSON. */
function decodeBinary(data: unknown): unknown {
  if (!(data instanceof Uint8Array)) return data;
  const text = Buffer.from(data).toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Whether an as-of bound excludes an event (the port's `until` is inclusive). */
export function isAfter(recordedAt: string, until: string | undefined): boolean {
  if (until === undefined) return false;
  const bound = Date.parse(until);
  if (Number.isNaN(bound)) throw new RangeError(`until is not a date: ${until}`);
  return Date.parse(recordedAt) > bound;
}
