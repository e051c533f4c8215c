/**
 * How a failed read of $all is handled: a transient failure (the link dropped, the leader moved, the server was
 * busy) is retried with back-off; a permanent one (refused credentials, a request the server cannot serve, data
 * the port cannot represent) fails the same way on every retry, so the subscription stops and reports it.
 */
export type FailureKind = 'transient' | 'permanent';

/** The server (or the data it holds) cannot be served through the port: retrying changes nothing. */
export class KurrentIncompatibleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KurrentIncompatibleError';
  }
}

/** The client's error types (its ErrorType values) that no retry mends. */
const PERMANENT_TYPES = new Set([
  'access-denied',
  'invalid-argument',
  'unsupported',
  'not-found',
  'stream-deleted',
  'stream-tombstoned',
  'invalid-transaction',
  'user-not-found',
]);

/** The client's error types that a later attempt may not meet. */
const TRANSIENT_TYPES = new Set([
  'unavailable',
  'not-leader',
  'timeout',
  'deadline-exceeded',
  'cancelled',
  'unknown',
]);

/** gRPC status codes that answer the same on every retry. */
const PERMANENT_STATUS = new Set([
  3, // INVALID_ARGUMENT (e.g. a position that is no record's)
  7, // PERMISSION_DENIED
  9, // FAILED_PRECONDITION
  11, // OUT_OF_RANGE
  12, // UNIMPLEMENTED (a server older than the client's protocol)
  16, // UNAUTHENTICATED
]);

/**
 * Sorts a failure of the live read. The client's errors carry a `type` (its ErrorType) and often the gRPC `code`;
 * anything unrecognised (a socket reset, a stream that ended) counts as transient, as a dropped link does.
 */
export function failureKind(error: unknown): FailureKind {
  if (error instanceof KurrentIncompatibleError || error instanceof RangeError) return 'permanent';
  if (typeof error !== 'object' || error === null) return 'transient';
  const { type, code } = error as { type?: unknown; code?: unknown };
  if (typeof code === 'number' && PERMANENT_STATUS.has(code)) return 'permanent';
  if (typeof type === 'string') {
    if (PERMANENT_TYPES.has(type)) return 'permanent';
    if (TRANSIENT_TYPES.has(type)) return 'transient';
  }
  return 'transient';
}

/**
 * Delay before retry number `attempt` (1 = the first retry): doubling from `baseMs`, at most `maxMs`, with up to a
 * fifth taken off at random so that many subscriptions dropped together do not come back together.
 */
export function retryDelay(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 30);
  const full = Math.min(maxMs, baseMs * 2 ** exponent);
  return Math.round(full * (1 - 0.2 * random()));
}
