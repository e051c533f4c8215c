import { convertToCommandError, type CommandError } from '@kurrent/kurrentdb-client';
import { KurrentIncompatibleError, failureKind, retryDelay } from './kurrent-errors';

/** The client's own error for a gRPC failure, as its conversion builds it from the status and the metadata. */
function clientError(code: number, details: string, exception?: string): unknown {
  // The two reads the conversion makes of gRPC metadata: status details (none here) and the exception name.
  const metadata = { get: () => [], getMap: () => (exception ? { exception } : {}) };
  const failure = Object.assign(new Error(details), { code, details, metadata });
  return convertToCommandError(failure as unknown as Parameters<typeof convertToCommandError>[0]);
}

describe('failureKind', () => {
  it.each<[string, unknown]>([
    ['an unavailable server', clientError(14, 'connection refused')],
    ['a deadline passed', clientError(4, 'deadline exceeded')],
    ['an unknown gRPC failure', clientError(2, 'stream reset')],
    ['a subscription that ended', new Error('KurrentDB subscription ended without being stopped')],
    ['something that is no error', 'boom'],
  ])('retries %s', (_case, error) => {
    expect(failureKind(error)).toBe('transient');
  });

  it.each<[string, unknown]>([
    ['refused credentials', clientError(16, 'unauthenticated')],
    ['access denied', clientError(7, 'denied', 'access-denied')],
    ['a server too old for the protocol', clientError(12, 'unimplemented')],
    ['a position that is no record', clientError(3, 'invalid position')],
    ['an event the port cannot carry', new KurrentIncompatibleError('no position (server 22.6+ needed)')],
    ['a position beyond the port', new RangeError('does not fit')],
  ])('stops on %s', (_case, error) => {
    expect(failureKind(error)).toBe('permanent');
  });

  it('sees the client classes it expects', () => {
    expect((clientError(14, 'x') as CommandError).type).toBe('unavailable');
    expect((clientError(16, 'x') as CommandError).type).toBe('access-denied');
  });

  it('reads the type the client gives its errors', () => {
    const typed = (type: string) => ({ type }) as unknown as CommandError;
    expect(failureKind(typed('stream-deleted'))).toBe('permanent');
    expect(failureKind(typed('deadline-exceeded'))).toBe('transient');
  });
});

describe('retryDelay', () => {
  const noJitter = () => 0;

  it('doubles from the first delay up to the longest', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((attempt) => retryDelay(attempt, 1_000, 30_000, noJitter))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
    expect(retryDelay(10_000, 1_000, 30_000, noJitter)).toBe(30_000);
  });

  it('takes at most a fifth off at random', () => {
    expect(retryDelay(1, 1_000, 30_000, () => 1)).toBe(800);
    expect(retryDelay(3, 1_000, 30_000, () => 0.5)).toBe(3_600);
  });
});
