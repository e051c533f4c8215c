import { createHash } from 'node:crypto';

/**
 * The tamper-evident record (docs/architecture.md, "Tamper evidence"): every event appended after the chain's
 * start carries the SHA-256 of its previous event's hash and of its own content, so that changing, removing or
 * inserting a recorded event breaks every hash after it. The chain starts with a genesis record that says where
 * (the store's head position then) and when; events at or before that position are "before the chain".
 */

/** What an event's hash covers; data and metadata are hashed as canonical JSON, so any engine can recompute it. */
export interface ChainedContent {
  position: number;
  streamId: string;
  revision: number;
  eventId: string;
  type: string;
  data: unknown;
  metadata: unknown;
  recordedAt: string;
}

export type ChainStartReason = 'new store' | 'migration';

/** Where a store's chain starts: events with a position up to `position` were recorded before it. */
export interface ChainGenesis {
  position: number;
  startedAt: string;
  reason: ChainStartReason;
  hash: string;
}

/** The outcome of walking a chain from its genesis to the store's head. */
export type ChainVerification =
  | {
      ok: true;
      /** The newest position, and its hash (the genesis's when nothing was appended since the chain started). */
      headPosition: number;
      headHash: string;
      genesis: ChainGenesis;
      /** Events recorded before the chain started, which no hash covers. */
      beforeChain: number;
      checked: number;
    }
  | {
      ok: false;
      /** The first position whose stored hash does not match its content and its predecessor (or that is missing). */
      firstBadPosition: number;
      reason: string;
      /** The last position whose hash matched (the genesis position when the first chained event is bad). */
      headPosition: number;
      headHash: string;
      genesis: ChainGenesis | null;
      beforeChain: number;
      checked: number;
    };

/**
 * JSON with every object's keys in sorted order and no spaces: the same text for the same value whatever order
 * its keys were written in, and the same for a value and for its JSON.stringify → JSON.parse round trip (toJSON
 * is applied, undefined and functions are left out of objects and become null in arrays, as JSON.stringify does).
 */
export function canonicalJson(value: unknown): string {
  return write('', value) ?? 'null';
}

function write(key: string, input: unknown): string | undefined {
  let value = input;
  if (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  )
    value = (value as { toJSON(key: string): unknown }).toJSON(key);
  if (value instanceof Number || value instanceof String || value instanceof Boolean) value = value.valueOf();
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      throw new TypeError('Do not know how to serialize a BigInt');
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) {
        const items: string[] = [];
        for (let index = 0; index < value.length; index++)
          items.push(write(String(index), value[index]) ?? 'null');
        return `[${items.join(',')}]`;
      }
      const source = value as Record<string, unknown>;
      const members: string[] = [];
      for (const name of Object.keys(source).sort()) {
        const text = write(name, source[name]);
        if (text !== undefined) members.push(`${JSON.stringify(name)}:${text}`);
      }
      return `{${members.join(',')}}`;
    }
    default:
      // undefined, functions and symbols have no JSON text.
      return undefined;
  }
}

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** The hash of the chain's first link: binds where and when the chain started. */
export function genesisHash(position: number, startedAt: string, reason: ChainStartReason): string {
  return sha256(JSON.stringify(['lorawatch-event-chain', position, startedAt, reason]));
}

export function makeGenesis(position: number, startedAt: string, reason: ChainStartReason): ChainGenesis {
  return { position, startedAt, reason, hash: genesisHash(position, startedAt, reason) };
}

/**
 * SHA-256 over the previous hash, the event's place (position, stream, revision, id), type and time as one JSON
 * array, then the canonical JSON of its data and of its metadata, each after a newline (a JSON text never contains
 * a raw newline, so the parts cannot run into each other).
 */
export function chainHash(previousHash: string, event: ChainedContent): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        previousHash,
        event.position,
        event.streamId,
        event.revision,
        event.eventId,
        event.type,
        event.recordedAt,
      ]),
      'utf8',
    )
    .update('\n')
    .update(canonicalJson(event.data), 'utf8')
    .update('\n')
    .update(canonicalJson(event.metadata), 'utf8')
    .digest('hex');
}
