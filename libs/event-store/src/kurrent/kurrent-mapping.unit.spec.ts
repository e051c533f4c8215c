import { ANY, NO_STREAM, STREAM_EXISTS } from '@kurrent/kurrentdb-client';
import type { EventMetadata } from '@lorawatch/domain/event-envelope';
import { WrongExpectedRevisionError, type ExpectedRevision } from '../event-store.port';
import { eventIdToUuid, metadataWithOriginalId, withOriginalRecordedAt } from './event-id';
import { KurrentIncompatibleError } from './kurrent-errors';
import {
  StreamNamespace,
  commitPositionOf,
  eventTypesRegex,
  isAfter,
  isSystemEventType,
  isSystemStream,
  matchesTypes,
  toActualRevision,
  toLogPosition,
  toPortPosition,
  toRecordedEvent,
  toStreamState,
  toWrongExpectedRevision,
  type KurrentRecordLike,
  type KurrentResolvedLike,
} from './kurrent-mapping';

const metadata: EventMetadata = {
  organizationId: 1,
  actor: 'system',
  correlationId: 'corr-1',
  causationId: null,
  occurredAt: '2024-05-01T10:00:00.000Z',
  schemaVersion: 1,
};

const MAX = Number.MAX_SAFE_INTEGER;

describe('expected revision', () => {
  it.each<[ExpectedRevision, unknown]>([
    ['any', ANY],
    ['no_stream', NO_STREAM],
    ['stream_exists', STREAM_EXISTS],
    [0, 0n],
    [41, 41n],
    [MAX, BigInt(MAX)],
  ])('maps %p to the stream state %p', (expected, state) => {
    expect(toStreamState(expected)).toBe(state);
  });

  it.each([-1, 1.5, Number.NaN, MAX + 1])('refuses the revision %p', (revision) => {
    expect(() => toStreamState(revision)).toThrow(RangeError);
  });

  it.each<[bigint | string, number | 'no_stream']>([
    [NO_STREAM, 'no_stream'],
    [-1n, 'no_stream'],
    [0n, 0],
    [7n, 7],
  ])('reads the current revision %p as %p', (actual, expected) => {
    expect(toActualRevision(actual)).toBe(expected);
  });

  it("keeps the port's expected revision and stream id in the port's error", () => {
    const error = toWrongExpectedRevision('device-a', 0, 1n);
    expect(error).toBeInstanceOf(WrongExpectedRevisionError);
    expect(error).toMatchObject({ streamId: 'device-a', expected: 0, actual: 1 });

    expect(toWrongExpectedRevision('s', 'stream_exists', NO_STREAM)).toMatchObject({
      expected: 'stream_exists',
      actual: 'no_stream',
    });
  });
});

describe('positions', () => {
  it('uses the commit position, up to the largest safe number', () => {
    expect(toPortPosition({ commit: 1234n, prepare: 1234n })).toBe(1234);
    expect(toPortPosition(BigInt(MAX))).toBe(MAX);
  });

  it('refuses a commit position the port cannot carry exactly', () => {
    expect(() => toPortPosition(BigInt(MAX) + 1n)).toThrow(RangeError);
    expect(() => toPortPosition(-1n)).toThrow(RangeError);
  });

  it('turns a port position back into a log position whose commit and prepare are the event', () => {
    expect(toLogPosition(1234)).toEqual({ commit: 1234n, prepare: 1234n });
    expect(toPortPosition(toLogPosition(MAX))).toBe(MAX);
  });

  it.each([-1, 0.5, MAX + 1])('refuses the port position %p', (position) => {
    expect(() => toLogPosition(position)).toThrow(RangeError);
  });

  it("prefers the event's own position, then the resolved event's commit position", () => {
    const record = recordLike({ position: { commit: 50n, prepare: 50n } });
    expect(commitPositionOf({ event: record, commitPosition: 70n })).toBe(50n);
    expect(commitPositionOf({ event: recordLike({ position: undefined }), commitPosition: 70n })).toBe(70n);
  });

  it('treats a missing position and the old servers\' "no position" marker alike', () => {
    expect(commitPositionOf({ event: recordLike({ position: undefined }) })).toBeNull();
    expect(commitPositionOf({ commitPosition: 2n ** 64n - 1n })).toBeNull();
    expect(commitPositionOf({ commitPosition: -1n })).toBeNull();
  });
});

describe('system events and the types option', () => {
  it.each([
    ['$metadata', true],
    ['$>', true],
    ['$statsCollected', true],
    ['DeviceSeen', false],
    ['Device$Seen', false],
  ])('type %s is a system event: %p', (type, system) => {
    expect(isSystemEventType(type)).toBe(system);
  });

  it.each([
    ['$$device-a', true],
    ['$ce-device', true],
    ['device-a', false],
  ])('stream %s is a system stream: %p', (stream, system) => {
    expect(isSystemStream(stream)).toBe(system);
  });

  it('delivers every type without a types option, and only the listed ones (exactly) with one', () => {
    expect(matchesTypes('A', undefined)).toBe(true);
    expect(matchesTypes('A', ['A', 'C'])).toBe(true);
    expect(matchesTypes('AB', ['A', 'C'])).toBe(false);
    expect(matchesTypes('A', [])).toBe(false);
  });
});

describe('StreamNamespace', () => {
  it('qualifies and strips the prefix', () => {
    const namespace = new StreamNamespace('run42-');
    expect(namespace.qualify('device-a')).toBe('run42-device-a');
    expect(namespace.local('run42-device-a')).toBe('device-a');
  });

  it('leaves streams outside the namespace out', () => {
    const namespace = new StreamNamespace('run42-');
    expect(namespace.local('run43-device-a')).toBeNull();
    expect(namespace.local('run42-')).toBeNull();
  });

  it('is the identity without a prefix', () => {
    const namespace = new StreamNamespace();
    expect(namespace.qualify('s')).toBe('s');
    expect(namespace.local('s')).toBe('s');
  });

  it('refuses a prefix that would put every stream among the system streams', () => {
    expect(() => new StreamNamespace('$x')).toThrow("cannot start with '$'");
  });
});

describe('toRecordedEvent', () => {
  const namespace = new StreamNamespace('run42-');

  it("converts a resolved event to the port's event, with the original id and metadata", () => {
    const resolved: KurrentResolvedLike = {
      event: recordLike({
        streamId: 'run42-device-a',
        id: eventIdToUuid('e1'),
        revision: 3n,
        type: 'JoinSeen',
        data: { devEui: '0102', fCount: 7 },
        metadata: metadataWithOriginalId(metadata, 'e1'),
        created: new Date('2024-06-01T12:00:00.123Z'),
        position: { commit: 9876n, prepare: 9876n },
      }),
    };

    expect(toRecordedEvent(resolved, namespace)).toEqual({
      id: 'e1',
      type: 'JoinSeen',
      streamId: 'device-a',
      revision: 3,
      position: 9876,
      data: { devEui: '0102', fCount: 7 },
      metadata,
      recordedAt: '2024-06-01T12:00:00.123Z',
    });
  });

  it('reads JSON stored as binary by another writer', () => {
    const event = toRecordedEvent(
      { event: recordLike({ isJson: false, data: new Uint8Array(Buffer.from('{"a":1}')) }) },
      namespace,
    );
    expect(event?.data).toEqual({ a: 1 });
  });

  it.each<[string, KurrentResolvedLike]>([
    ['no event (a link to a deleted event)', { commitPosition: 10n }],
    ['a system event type', { event: recordLike({ type: '$metadata' }) }],
    ['a system stream', { event: recordLike({ streamId: '$$run42-device-a' }) }],
    ['a stream outside the namespace', { event: recordLike({ streamId: 'run7-device-a' }) }],
  ])('hides %s', (_case, resolved) => {
    expect(toRecordedEvent(resolved, namespace)).toBeNull();
  });

  it('refuses an event without a position rather than invent one', () => {
    expect(() => toRecordedEvent({ event: recordLike({ position: undefined }) }, namespace)).toThrow(
      'sent no position',
    );
    // A server that cannot give positions fails the same way every time: a subscription stops on it.
    expect(() => toRecordedEvent({ event: recordLike({ position: undefined }) }, namespace)).toThrow(
      KurrentIncompatibleError,
    );
  });

  it("gives a copied event the time its original was recorded, not the server's time of the copy", () => {
    const copied = metadataWithOriginalId(withOriginalRecordedAt(metadata, '2023-01-02T03:04:05.678Z'), 'e1');
    const event = toRecordedEvent(
      {
        event: recordLike({
          metadata: copied,
          created: new Date('2024-06-01T12:00:00.000Z'),
        }),
      },
      namespace,
    );

    expect(event?.recordedAt).toBe('2023-01-02T03:04:05.678Z');
    expect(event?.metadata).toEqual(metadata);
  });
});

describe('eventTypesRegex (the server-side filter of a subscription)', () => {
  const matches = (types: string[], type: string): boolean => new RegExp(eventTypesRegex(types)).test(type);

  it('matches the listed types exactly, not their prefixes or extensions', () => {
    expect(eventTypesRegex(['AlertRaised', 'IssueClosed'])).toBe('^(?:AlertRaised|IssueClosed)$');
    expect(matches(['AlertRaised', 'IssueClosed'], 'AlertRaised')).toBe(true);
    expect(matches(['AlertRaised', 'IssueClosed'], 'IssueClosed')).toBe(true);
    expect(matches(['AlertRaised'], 'AlertRaisedAgain')).toBe(false);
    expect(matches(['AlertRaised'], 'OldAlertRaised')).toBe(false);
  });

  it('escapes regex characters and never lets a system event through', () => {
    expect(matches(['a.b'], 'a.b')).toBe(true);
    expect(matches(['a.b'], 'axb')).toBe(false);
    expect(matches(['x|$metadata'], '$metadata')).toBe(false);
    expect(matches(['x|$metadata'], 'x|$metadata')).toBe(true);
  });

  it('matches nothing for an empty list', () => {
    expect(matches([], '')).toBe(false);
    expect(matches([], 'AlertRaised')).toBe(false);
  });
});

describe('isAfter (as-of reads)', () => {
  it('keeps events recorded up to and at the bound', () => {
    expect(isAfter('2024-06-01T12:00:00.000Z', '2024-06-01T12:00:00.000Z')).toBe(false);
    expect(isAfter('2024-06-01T11:59:59.999Z', '2024-06-01T12:00:00.000Z')).toBe(false);
    expect(isAfter('2024-06-01T12:00:00.001Z', '2024-06-01T12:00:00.000Z')).toBe(true);
  });

  it('compares times, not texts', () => {
    expect(isAfter('2024-06-01T12:00:00.000Z', '2024-06-01T14:00:00+02:00')).toBe(false);
  });

  it('keeps everything without a bound and refuses a bound that is not a date', () => {
    expect(isAfter('2024-06-01T12:00:00.000Z', undefined)).toBe(false);
    expect(() => isAfter('2024-06-01T12:00:00.000Z', 'yesterday')).toThrow(RangeError);
  });
});

function recordLike(overrides: Partial<KurrentRecordLike>): KurrentRecordLike {
  return {
    streamId: 'run42-s',
    id: '00000000-0000-4000-8000-000000000000',
    revision: 0n,
    type: 'DeviceSeen',
    created: new Date('2024-06-01T12:00:00.000Z'),
    isJson: true,
    data: {},
    metadata: undefined,
    position: { commit: 1n, prepare: 1n },
    ...overrides,
  };
}
