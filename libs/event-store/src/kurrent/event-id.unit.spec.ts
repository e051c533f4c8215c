import type { EventMetadata } from '@lorawatch/domain/event-envelope';
import {
  LORAWATCH_EVENT_ID_NAMESPACE,
  ORIGINAL_ID_KEY,
  ORIGINAL_RECORDED_AT_KEY,
  eventIdToUuid,
  metadataWithOriginalId,
  originalIdAndMetadata,
  uuidV5,
  withOriginalRecordedAt,
} from './event-id';

const metadata: EventMetadata = {
  organizationId: 3,
  actor: 'detector',
  correlationId: 'corr',
  causationId: null,
  occurredAt: '2024-05-01T10:00:00.000Z',
  schemaVersion: 1,
};

describe('uuidV5', () => {
  // Reference values computed with Python's uuid.uuid5, an independent implementation.
  it.each([
    ['6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'python.org', '886313e1-3b8a-5372-9b90-0c9aee199e5d'],
    ['6ba7b811-9dad-11d1-80b4-00c04fd430c8', 'alert:dev-1:42', '6bccd8d4-ebef-5649-9732-5352920ccc02'],
  ])('in namespace %s names %s as %s', (namespace, name, expected) => {
    expect(uuidV5(name, namespace)).toBe(expected);
  });

  it('refuses a namespace that is not a uuid', () => {
    expect(() => uuidV5('x', 'not-a-uuid')).toThrow('Not a uuid namespace');
  });
});

describe('eventIdToUuid', () => {
  it('gives the same uuid for the same id, so a retried append is recognised by the server', () => {
    expect(eventIdToUuid('alert:0102:7')).toBe(eventIdToUuid('alert:0102:7'));
    expect(eventIdToUuid('alert:0102:7')).toBe(uuidV5('alert:0102:7', LORAWATCH_EVENT_ID_NAMESPACE));
  });

  it('gives a version 5, RFC variant uuid', () => {
    expect(eventIdToUuid('e1')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('maps distinct ids, close ones included, to distinct uuids', () => {
    const ids = [
      ...Array.from({ length: 2000 }, (_, i) => `alert:dev:${i}`),
      'a',
      'A',
      'a ',
      '',
      'é',
      'e\u0301',
      eventIdToUuid('a'),
    ];
    expect(new Set(ids.map(eventIdToUuid)).size).toBe(ids.length);
  });

  it('maps an id that already is a uuid too, so every id goes through the same function', () => {
    const uuid = '9b2c1a58-3f55-4d0c-8e4f-1f5f6f0e7c11';
    expect(eventIdToUuid(uuid)).not.toBe(uuid);
  });
});

describe('original id in the metadata', () => {
  it('round-trips the port id and metadata', () => {
    const stored = metadataWithOriginalId(metadata, 'alert:0102:7');
    expect(stored[ORIGINAL_ID_KEY]).toBe('alert:0102:7');
    expect(originalIdAndMetadata(stored, 'server-uuid')).toEqual({ id: 'alert:0102:7', metadata });
  });

  it('carries the recording time of a copy beside the port metadata, and hides it again', () => {
    const stored = metadataWithOriginalId(withOriginalRecordedAt(metadata, '2023-01-02T03:04:05+01:00'), 'e');
    expect(stored[ORIGINAL_RECORDED_AT_KEY]).toBe('2023-01-02T03:04:05+01:00');
    expect(originalIdAndMetadata(stored, 'server-uuid')).toEqual({
      id: 'e',
      metadata,
      recordedAt: '2023-01-02T02:04:05.000Z',
    });
    expect(() => withOriginalRecordedAt(metadata, 'yesterday')).toThrow('Not a time');
    // A stored value that is no time is ignored: the server's time stands.
    expect(originalIdAndMetadata({ [ORIGINAL_RECORDED_AT_KEY]: 'soon' }, 'u')).toEqual({
      id: 'u',
      metadata: {},
    });
  });

  it('does not change the metadata it was given', () => {
    metadataWithOriginalId(metadata, 'x');
    expect(metadata).not.toHaveProperty(ORIGINAL_ID_KEY);
  });

  it.each([
    ['metadata without the key', { actor: 'other-tool' }, { actor: 'other-tool' }],
    ['a non-string original id', { [ORIGINAL_ID_KEY]: 5 }, {}],
    ['no metadata', undefined, {}],
    ['binary metadata', new Uint8Array([1, 2]), {}],
    ['array metadata', [1, 2], {}],
  ])('falls back to the server id for %s', (_case, stored, rest) => {
    expect(originalIdAndMetadata(stored, 'server-uuid')).toEqual({ id: 'server-uuid', metadata: rest });
  });
});
