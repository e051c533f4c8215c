import { createHash } from 'node:crypto';
import type { EventMetadata } from '@lorawatch/domain/event-envelope';

/**
 * KurrentDB only accepts uuids as event ids, while the port allows deterministic ids such as
 * "alert:<device>:<fcnt>". Every port id goes through a name-based UUID v5 in this fixed namespace, so a
 * retried append maps to the same uuid (the server's idempotency then applies) and distinct ids do not collide.
 * Changing this namespace would break idempotency against events already stored: never change it.
 */
export const LORAWATCH_EVENT_ID_NAMESPACE = '9057c001-ee5d-4512-88be-0abd5f39e226';

/** Metadata key that carries the port's id, so reads give back the id the writer chose. */
export const ORIGINAL_ID_KEY = 'lorawatchEventId';

/**
 * Metadata key a copy of an event (the migration) sets to the time the original was recorded: reads give that
 * time back as the event's recordedAt instead of the server's time of the copy. Hidden from the port's metadata.
 */
export const ORIGINAL_RECORDED_AT_KEY = 'lorawatchRecordedAt';

/** The metadata of a copy that keeps the original's recording time (read back by this adapter as recordedAt). */
export function withOriginalRecordedAt(metadata: EventMetadata, recordedAt: string): EventMetadata {
  if (Number.isNaN(Date.parse(recordedAt))) throw new RangeError(`Not a time: ${recordedAt}`);
  return { ...metadata, [ORIGINAL_RECORDED_AT_KEY]: recordedAt } as EventMetadata;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Name-based UUID (RFC 9562 version 5, SHA-1) of `name` in `namespace`. */
export function uuidV5(name: string, namespace: string): string {
  if (!UUID_PATTERN.test(namespace)) throw new Error(`Not a uuid namespace: ${namespace}`);
  const hash = createHash('sha1')
    .update(Buffer.from(namespace.replace(/-/g, ''), 'hex'))
    .update(Buffer.from(name, 'utf8'))
    .digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function eventIdToUuid(id: string): string {
  return uuidV5(id, LORAWATCH_EVENT_ID_NAMESPACE);
}

/** The stored metadata: the port's metadata plus the port's id. */
export function metadataWithOriginalId(metadata: EventMetadata, id: string): Record<string, unknown> {
  return { ...metadata, [ORIGINAL_ID_KEY]: id };
}

/**
 * Splits stored metadata back into the port's id, metadata and, for a copy, the original's recording time.
 * Events written by another tool have no original id: their server uuid is their id.
 */
export function originalIdAndMetadata(
  stored: unknown,
  serverId: string,
): { id: string; metadata: EventMetadata; recordedAt?: string } {
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored) || stored instanceof Uint8Array)
    return { id: serverId, metadata: {} as EventMetadata };
  const {
    [ORIGINAL_ID_KEY]: original,
    [ORIGINAL_RECORDED_AT_KEY]: recordedAt,
    ...rest
  } = stored as Record<string, unknown>;
  const time = typeof recordedAt === 'string' ? Date.parse(recordedAt) : Number.NaN;
  return {
    id: typeof original === 'string' ? original : serverId,
    metadata: rest as unknown as EventMetadata,
    ...(Number.isNaN(time) ? {} : { recordedAt: new Date(time).toISOString() }),
  };
}
