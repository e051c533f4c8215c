import {
  NO_STREAM,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type KurrentDBClient,
  type StreamACL,
  type StreamMetadata,
} from '@kurrent/kurrentdb-client';
import type { ChainLinkLog, ChainLogRecord, ChainLogScope, NewChainLogRecord } from '../chain/chain-link-log';
import { chainerMetadata } from '../chain/chain-link-log';
import type { RecordedEvent } from '../event-store.port';
import { eventIdToUuid, metadataWithOriginalId } from './event-id';
import { boundOf, type StreamBound } from './kurrent-idempotency';
import { toSafeNumber, toWrongExpectedRevision } from './kurrent-mapping';

/** What the link log asks of the KurrentDB client: stream reads, conditional appends, stream metadata. */
export type KurrentChainClient = Pick<
  KurrentDBClient,
  'readStream' | 'appendToStream' | 'getStreamMetadata' | 'setStreamMetadata'
>;

/** The link log's stream: a system stream ('$'), so the product's reads of $all and of streams never see it. */
export const chainStreamName = (streamPrefix = ''): string => `$${streamPrefix}lorawatch-audit`;

/**
 * The tamper-evident chain's link log on KurrentDB (docs/architecture.md, "Tamper evidence"): the records of the
 * chainer in the system stream `$<prefix>lorawatch-audit`, appended with the stream's expected revision so that
 * the server lets one chainer at a time extend it. The adapter's reads hide system streams, so the chained
 * events (read through the port) never include the log's own.
 */
export class KurrentChainLinkLog implements ChainLinkLog {
  readonly name: string;
  readonly scope: ChainLogScope;

  constructor(
    private readonly client: KurrentChainClient,
    streamPrefix = '',
    /** The store's bounded streams (KurrentEventStoreOptions.streamBounds): their events are not chained. */
    private readonly bounds: readonly StreamBound[] = [],
  ) {
    this.name = chainStreamName(streamPrefix);
    this.scope = { streamPrefix, streamBounds: bounds.map(({ prefix, maxCount }) => ({ prefix, maxCount })) };
  }

  async read(fromRevision = 0): Promise<ChainLogRecord[]> {
    const records: ChainLogRecord[] = [];
    try {
      for await (const resolved of this.client.readStream(this.name, {
        fromRevision: BigInt(fromRevision),
      })) {
        const record = resolved.event;
        if (!record) continue;
        records.push({
          revision: toSafeNumber(record.revision, 'revision'),
          type: record.type,
          data: record.isJson ? record.data : JSON.parse(Buffer.from(record.data).toString('utf8')),
        });
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return records;
  }

  async append(record: NewChainLogRecord, expected: number | 'no_stream'): Promise<number> {
    const result = await this.client
      .appendToStream(
        this.name,
        {
          id: eventIdToUuid(record.id),
          contentType: 'application/json',
          type: record.type,
          data: record.data as Record<string, unknown>,
          metadata: metadataWithOriginalId(chainerMetadata(record.writtenAt), record.id),
        },
        { streamState: expected === 'no_stream' ? NO_STREAM : BigInt(expected) },
      )
      .catch((error: unknown) => {
        if (error instanceof WrongExpectedVersionError)
          throw toWrongExpectedRevision(this.name, expected, error.actualState);
        throw error;
      });
    if (!result.success) throw toWrongExpectedRevision(this.name, expected, result.nextExpectedRevision);
    return toSafeNumber(result.nextExpectedRevision, 'revision');
  }

  /**
   * The port never shows a system stream's events, so none of the store's is the log's own; the streams with a
   * $maxCount (leases, presence) are left out, as the server drops their old events.
   */
  outsideChain(event: RecordedEvent): boolean {
    return event.streamId === this.name || boundOf(event.streamId, this.bounds) !== null;
  }

  /**
   * Lets only `writer` (the chainer's user) append to the log, and `readers` (the verification's users) read it;
   * deleting it and its metadata (truncating: $tb, $maxCount, $maxAge) stay with the administrators, and any such
   * setting already there is dropped. Reads the metadata first and writes nothing when it is already so. Needs an
   * administrator's connection (kurrent-chain-protection.ts runs it with the server-wide settings).
   */
  async protect(writer: string, readers: readonly string[] = []): Promise<ChainLogProtection> {
    const acl = {
      writeRoles: [writer],
      readRoles: ['$admins', ...new Set([writer, ...readers])],
      deleteRoles: ['$admins'],
      metaReadRoles: ['$admins'],
      metaWriteRoles: ['$admins'],
    } satisfies Required<StreamACL>;
    const { metadata } = await this.client.getStreamMetadata(this.name);
    const changed = !isExactly(metadata, { acl });
    if (changed) await this.client.setStreamMetadata(this.name, { acl });
    return { stream: this.name, acl, changed };
  }
}

/** What protect() set on the log, and whether it had to write it. */
export interface ChainLogProtection {
  stream: string;
  acl: Required<StreamACL>;
  changed: boolean;
}

/** Whether stored metadata holds exactly `wanted` (an ACL role given as one name counts as a list of one). */
function isExactly(stored: StreamMetadata | undefined, wanted: { acl: Required<StreamACL> }): boolean {
  if (!stored || Object.keys(stored).some((key) => key !== 'acl')) return false;
  const acl: StreamACL | string | undefined = stored.acl;
  if (!acl || typeof acl === 'string') return false;
  const roles = Object.keys(acl) as Array<keyof StreamACL>;
  if (roles.length !== Object.keys(wanted.acl).length) return false;
  return roles.every((role) => {
    const value: string[] | string | undefined = acl[role];
    const list = typeof value === 'string' ? [value] : (value ?? []);
    const expected = wanted.acl[role];
    return (
      expected !== undefined &&
      list.length === expected.length &&
      list.every((name, i) => name === expected[i])
    );
  });
}
