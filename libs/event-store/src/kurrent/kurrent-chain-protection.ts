import {
  BACKWARDS,
  END,
  NO_STREAM,
  SETTINGS_STREAM,
  StreamNotFoundError,
  SYSTEM_STREAM_ACL,
  USER_STREAM_ACL,
  jsonEvent,
  KurrentDBClient,
} from '@kurrent/kurrentdb-client';
import { KurrentChainLinkLog, type ChainLogProtection } from './kurrent-chain-link-log';
import { clientConnectionString } from '@lorawatch/config/kurrent-connection-string';
import { toSafeNumber } from './kurrent-mapping';

/** What the protection asks of the KurrentDB client: the link log's metadata and the server's default ACL. */
export type KurrentProtectionClient = Pick<
  KurrentDBClient,
  'readStream' | 'appendToStream' | 'getStreamMetadata' | 'setStreamMetadata'
>;

export interface ChainProtectionOptions {
  /** The chainer's user (the projector's connection): the only one that may append to the link log. */
  chainer: string;
  /** The users that verify the chain (the api's connection): they may read the link log. */
  readers?: readonly string[];
  /**
   * Users besides the administrators that may still write the metadata of user streams: the processes that append
   * to bounded streams (collector leases, presence) set their $maxCount that way. Whoever may write a stream's
   * metadata may also truncate it ($tb), which verification then reports as missing events. Default: none.
   */
  metadataWriters?: readonly string[];
  /** The store's stream prefix (the link log is `$<prefix>lorawatch-audit`). Default: none. */
  streamPrefix?: string;
}

/** One permission of the server's default ACL: a user or role name, or a list of them. */
type Roles = string | string[];

/** The server's default ACL for streams without one of their own ($r read, $w write, $d delete, $m* metadata). */
interface DefaultAcl {
  $r?: Roles;
  $w?: Roles;
  $d?: Roles;
  $mr?: Roles;
  $mw?: Roles;
}

/** The record of the settings stream the server takes its default ACLs from. */
export interface DefaultAclSettings {
  [USER_STREAM_ACL]: DefaultAcl;
  [SYSTEM_STREAM_ACL]: DefaultAcl;
}

/** The server's default ACLs when the settings stream is empty, as KurrentDB documents them. */
export const SERVER_DEFAULT_ACLS: DefaultAclSettings = {
  [USER_STREAM_ACL]: { $r: '$all', $w: '$all', $d: '$all', $mr: '$all', $mw: '$all' },
  [SYSTEM_STREAM_ACL]: { $r: '$admins', $w: '$admins', $d: '$admins', $mr: '$admins', $mw: '$admins' },
};

/** The event type the server reads its default ACLs from in the settings stream. */
export const DEFAULT_ACL_EVENT_TYPE = 'update-default-acl';

/** What the protection set: the link log's ACL and the server's default ACLs, each with whether it was written. */
export interface ChainProtection {
  linkLog: ChainLogProtection;
  defaults: { stream: string; settings: DefaultAclSettings; changed: boolean };
}

/**
 * The KurrentDB chain's one-time ACL step (docs/architecture.md, "Tamper evidence"), with an administrator's
 * connection:
 * - the link log: only the chainer's user appends, the verifying users read, deleting it and writing its metadata
 *   (truncating it) stay with the administrators;
 * - the server's default ACLs (the settings stream), for every stream without an ACL of its own, the chained
 *   events' streams among them: deleting a stream and writing its metadata stay with the administrators (and the
 *   named metadata writers, for user streams); reading and writing are left as they were.
 * The server's administrators keep every right whatever an ACL says. Each step reads what is set first and writes
 * only what differs: running it again changes nothing.
 */
export async function protectChain(
  client: KurrentProtectionClient,
  options: ChainProtectionOptions,
): Promise<ChainProtection> {
  const linkLog = await new KurrentChainLinkLog(client, options.streamPrefix ?? '').protect(
    options.chainer,
    options.readers ?? [],
  );
  const current = await readDefaultAcls(client);
  const settings: DefaultAclSettings = {
    [USER_STREAM_ACL]: {
      ...current.settings[USER_STREAM_ACL],
      $d: ['$admins'],
      $mw: ['$admins', ...new Set(options.metadataWriters ?? [])],
    },
    [SYSTEM_STREAM_ACL]: { ...current.settings[SYSTEM_STREAM_ACL], $d: ['$admins'], $mw: ['$admins'] },
  };
  const changed = !sameSettings(current.settings, settings);
  if (changed)
    await client.appendToStream(
      SETTINGS_STREAM,
      jsonEvent({ type: DEFAULT_ACL_EVENT_TYPE, data: { ...settings } }),
      {
        // Not over a change made meanwhile: the step is run again instead.
        streamState: current.revision === null ? NO_STREAM : BigInt(current.revision),
      },
    );
  return { linkLog, defaults: { stream: SETTINGS_STREAM, settings, changed } };
}

/** protectChain on the server of a connection string (an administrator's), the connection closed after. */
export async function protectChainAt(
  connectionString: string,
  options: ChainProtectionOptions,
): Promise<ChainProtection> {
  const client = KurrentDBClient.connectionString(clientConnectionString(connectionString));
  try {
    return await protectChain(client, options);
  } finally {
    await client.dispose();
  }
}

/** The default ACLs in force: the settings stream's last record, the server's defaults when it has none. */
async function readDefaultAcls(
  client: KurrentProtectionClient,
): Promise<{ settings: DefaultAclSettings; revision: number | null }> {
  try {
    for await (const resolved of client.readStream(SETTINGS_STREAM, {
      direction: BACKWARDS,
      fromRevision: END,
      maxCount: 1,
    })) {
      const record = resolved.event;
      if (!record) continue;
      const data = (record.isJson ? record.data : {}) as Partial<DefaultAclSettings>;
      return {
        settings: {
          [USER_STREAM_ACL]: data[USER_STREAM_ACL] ?? SERVER_DEFAULT_ACLS[USER_STREAM_ACL],
          [SYSTEM_STREAM_ACL]: data[SYSTEM_STREAM_ACL] ?? SERVER_DEFAULT_ACLS[SYSTEM_STREAM_ACL],
        },
        revision: toSafeNumber(record.revision, 'revision'),
      };
    }
  } catch (error) {
    if (!(error instanceof StreamNotFoundError)) throw error;
  }
  return { settings: SERVER_DEFAULT_ACLS, revision: null };
}

function sameSettings(left: DefaultAclSettings, right: DefaultAclSettings): boolean {
  return [USER_STREAM_ACL, SYSTEM_STREAM_ACL].every((kind) => {
    const [a, b] = [left[kind as keyof DefaultAclSettings], right[kind as keyof DefaultAclSettings]];
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof DefaultAcl>;
    return [...keys].every((key) => sameRoles(a[key], b[key]));
  });
}

function sameRoles(left: Roles | undefined, right: Roles | undefined): boolean {
  const list = (roles: Roles | undefined) =>
    roles === undefined ? null : typeof roles === 'string' ? [roles] : roles;
  const [a, b] = [list(left), list(right)];
  if (a === null || b === null) return a === b;
  return a.length === b.length && a.every((name, index) => name === b[index]);
}

/** The lines the command prints: what each step set, and whether it was already so. */
export function describeProtection(protection: ChainProtection): string[] {
  const roles = (value: Roles | undefined) =>
    value === undefined ? '(unset)' : (typeof value === 'string' ? [value] : value).join(', ') || '(nobody)';
  const how = (changed: boolean) => (changed ? 'set' : 'already set, unchanged');
  const { linkLog, defaults } = protection;
  const user = defaults.settings[USER_STREAM_ACL];
  const system = defaults.settings[SYSTEM_STREAM_ACL];
  return [
    `Link log ${linkLog.stream}: ${how(linkLog.changed)}`,
    `  append: ${roles(linkLog.acl.writeRoles)}`,
    `  read: ${roles(linkLog.acl.readRoles)}`,
    `  delete: ${roles(linkLog.acl.deleteRoles)}`,
    `  metadata (truncate) read / write: ${roles(linkLog.acl.metaReadRoles)} / ${roles(linkLog.acl.metaWriteRoles)}`,
    `Default ACLs in ${defaults.stream}: ${how(defaults.changed)}`,
    `  user streams: delete ${roles(user.$d)}; metadata (truncate) write ${roles(user.$mw)}; read ${roles(user.$r)}; write ${roles(user.$w)}`,
    `  system streams: delete ${roles(system.$d)}; metadata (truncate) write ${roles(system.$mw)}; read ${roles(system.$r)}; write ${roles(system.$w)}`,
    "The server's administrators keep every right whatever an ACL says.",
  ];
}
