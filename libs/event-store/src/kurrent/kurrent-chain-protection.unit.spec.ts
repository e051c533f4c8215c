import { SETTINGS_STREAM } from '@kurrent/kurrentdb-client';
import {
  DEFAULT_ACL_EVENT_TYPE,
  describeProtection,
  protectChain,
  type ChainProtectionOptions,
} from './kurrent-chain-protection';
import { chainStreamName } from './kurrent-chain-link-log';
import { KurrentClientStandIn } from './testing/kurrent-client-stand-in';

const OPTIONS: ChainProtectionOptions = {
  chainer: 'lorawatch-projector',
  readers: ['lorawatch-api'],
  metadataWriters: ['lorawatch-collector'],
};

/**
 * The KurrentDB chain's ACL step (`npm run audit:protect`), against the stand-in of the client with the client's
 * own types: what the server is asked to set, and that a second run asks nothing more. Whether the server then
 * refuses a link from another user is for a real server to show.
 */
describe('protecting the event chain kept on a KurrentDB server', () => {
  let server: KurrentClientStandIn;

  beforeEach(() => {
    server = new KurrentClientStandIn();
  });

  const settingsWritten = () => server.log.filter((event) => event.streamId === SETTINGS_STREAM);

  it('lets only the chainer append to the link log and leaves deleting and truncating it to the administrators', async () => {
    const protection = await protectChain(server, OPTIONS);

    expect(server.metadataOf.get(chainStreamName())).toEqual({
      acl: {
        writeRoles: ['lorawatch-projector'],
        readRoles: ['$admins', 'lorawatch-projector', 'lorawatch-api'],
        deleteRoles: ['$admins'],
        metaReadRoles: ['$admins'],
        metaWriteRoles: ['$admins'],
      },
    });
    expect(protection.linkLog).toMatchObject({ stream: '$lorawatch-audit', changed: true });
  });

  it('drops a truncation or a bound someone set on the link log', async () => {
    await server.setStreamMetadata(chainStreamName(), {
      truncateBefore: 12,
      maxCount: 3,
      acl: { writeRoles: ['$all'] },
    });

    await protectChain(server, OPTIONS);

    const metadata = server.metadataOf.get(chainStreamName());
    expect(Object.keys(metadata ?? {})).toEqual(['acl']);
    expect(metadata?.acl?.writeRoles).toEqual(['lorawatch-projector']);
  });

  it("sets the server's default ACLs so that only administrators delete or truncate a stream, keeping read and write", async () => {
    const protection = await protectChain(server, OPTIONS);

    const written = settingsWritten();
    expect(written).toHaveLength(1);
    expect(written[0].type).toBe(DEFAULT_ACL_EVENT_TYPE);
    expect(written[0].data).toEqual({
      $userStreamAcl: {
        $r: '$all',
        $w: '$all',
        $d: ['$admins'],
        $mr: '$all',
        $mw: ['$admins', 'lorawatch-collector'],
      },
      $systemStreamAcl: { $r: '$admins', $w: '$admins', $d: ['$admins'], $mr: '$admins', $mw: ['$admins'] },
    });
    expect(protection.defaults.changed).toBe(true);
  });

  it('keeps the read and write permissions an operator already set in the default ACLs, after their record', async () => {
    await server.appendToStream(SETTINGS_STREAM, {
      id: '7c314750-05e1-439f-b2eb-f5b0e019be72',
      contentType: 'application/json',
      type: DEFAULT_ACL_EVENT_TYPE,
      data: {
        $userStreamAcl: { $r: ['lorawatch'], $w: ['lorawatch'], $d: '$all', $mr: '$all', $mw: '$all' },
        $systemStreamAcl: { $r: '$admins', $w: '$admins', $d: '$admins', $mr: '$admins', $mw: '$admins' },
      },
      metadata: undefined,
    });

    await protectChain(server, { chainer: 'lorawatch' });

    const written = settingsWritten();
    expect(written).toHaveLength(2);
    expect(written[1].data).toMatchObject({
      $userStreamAcl: { $r: ['lorawatch'], $w: ['lorawatch'], $d: ['$admins'], $mw: ['$admins'] },
    });
    // Appended right after the record it read, not over a change made meanwhile.
    expect(server.appends.at(-1)).toMatchObject({ stream: SETTINGS_STREAM, state: 0n, taken: true });
  });

  it('asks nothing more when run again', async () => {
    await protectChain(server, OPTIONS);
    const appends = server.appends.length;
    const metadata = server.metadataOf.get(chainStreamName());

    const again = await protectChain(server, OPTIONS);

    expect(again.linkLog.changed).toBe(false);
    expect(again.defaults.changed).toBe(false);
    expect(server.appends).toHaveLength(appends);
    expect(settingsWritten()).toHaveLength(1);
    expect(server.metadataOf.get(chainStreamName())).toBe(metadata);
  });

  it('prints what it set, and that a second run left it as it was', async () => {
    const first = describeProtection(await protectChain(server, OPTIONS));
    const second = describeProtection(await protectChain(server, OPTIONS));

    expect(first).toEqual([
      'Link log $lorawatch-audit: set',
      '  append: lorawatch-projector',
      '  read: $admins, lorawatch-projector, lorawatch-api',
      '  delete: $admins',
      '  metadata (truncate) read / write: $admins / $admins',
      'Default ACLs in $settings: set',
      '  user streams: delete $admins; metadata (truncate) write $admins, lorawatch-collector; read $all; write $all',
      '  system streams: delete $admins; metadata (truncate) write $admins; read $admins; write $admins',
      "The server's administrators keep every right whatever an ACL says.",
    ]);
    expect(second[0]).toBe('Link log $lorawatch-audit: already set, unchanged');
    expect(second[5]).toBe('Default ACLs in $settings: already set, unchanged');
  });
});
