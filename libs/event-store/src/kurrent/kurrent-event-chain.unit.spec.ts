import type { EventMetadata } from '@lorawatch/domain/event-envelope';
import {
  CHAIN_LINKED,
  CHAIN_STARTED,
  ChainDiverged,
  EventChainer,
  verifyLinkedChain,
  type ChainLink,
} from '../chain/event-chainer';
import type { NewEvent } from '../event-store.port';
import { chainStreamName, KurrentChainLinkLog } from './kurrent-chain-link-log';
import { KurrentEventStore } from './kurrent-event-store';
import { KurrentClientStandIn } from './testing/kurrent-client-stand-in';

const LOG = chainStreamName();

const metadata: EventMetadata = {
  organizationId: 1,
  actor: 'system',
  correlationId: 'c',
  causationId: null,
  occurredAt: '2026-11-20T08:00:00.000Z',
  schemaVersion: 1,
};

const event = (id: string): NewEvent => ({ id, type: 'AlertRaised', data: { id }, metadata });

/**
 * The tamper-evident chain on KurrentDB: chainers (one per projector process) follow $all through the adapter and
 * keep their links in the system stream $lorawatch-audit, through the client. The client here is a stand-in with
 * the client's own types (testing/kurrent-client-stand-in.ts): what is proven is what the chainer and the adapter
 * make of the answers a server gives, not the server's own behaviour.
 */
describe('the event chain kept over a KurrentDB store', () => {
  let server: KurrentClientStandIn;
  let writer: KurrentEventStore;
  let stores: KurrentEventStore[];
  let chainers: EventChainer[];
  let errors: unknown[];
  let appended = 0;

  beforeEach(() => {
    server = new KurrentClientStandIn();
    errors = [];
    stores = [];
    chainers = [];
    appended = 0;
    writer = storeOfProcess();
  });

  afterEach(async () => {
    for (const chainer of chainers) await chainer.stop();
    for (const store of stores) await store.close();
  });

  /** One process's connection to the server. */
  function storeOfProcess(): KurrentEventStore {
    const store = new KurrentEventStore(server, {
      onError: (error) => errors.push(error),
      onRetry: (error) => errors.push(error),
      retryDelayMs: 1,
      streamBounds: [{ prefix: 'collector-lease-', maxCount: 50 }],
    });
    stores.push(store);
    return store;
  }

  /** A chainer in a process of its own. */
  function chainer(linkEvery: number): EventChainer {
    const store = storeOfProcess();
    const made = new EventChainer(store, store.chainLinkLog(), {
      linkEvery,
      linkAfterMs: 60_000,
      onError: (error) => errors.push(error),
    });
    chainers.push(made);
    return made;
  }

  /** The product appends `count` events to a few streams; answers their positions. */
  async function appendEvents(count: number): Promise<number[]> {
    const positions: number[] = [];
    for (let index = 0; index < count; index++) {
      appended += 1;
      const result = await writer.append(`alert-${appended % 3}`, [event(`e${appended}`)], 'any');
      positions.push(result.position);
    }
    return positions;
  }

  const records = () => server.log.filter((stored) => stored.streamId === LOG);
  const links = () =>
    records()
      .filter((stored) => stored.type === CHAIN_LINKED)
      .map((stored) => stored.data as ChainLink);
  const linkAppends = () =>
    server.appends.filter((append) => append.stream === LOG).map(({ state, taken }) => [state, taken]);

  it('keeps its links in the system stream, out of the product reads, and verification walks $all against them', async () => {
    const before = await appendEvents(2);
    const only = chainer(3);
    await only.start();
    // A lease stream is bounded ($maxCount): the server drops its old events, so the chain leaves it out.
    await writer.append('collector-lease-1', [event('lease-1')], 'any');
    const chained = await appendEvents(7);
    await only.caughtUp();

    expect(records().map((stored) => stored.type)).toEqual([
      CHAIN_STARTED,
      CHAIN_LINKED,
      CHAIN_LINKED,
      CHAIN_LINKED,
    ]);
    expect(links()).toEqual([
      expect.objectContaining({ fromPosition: before[1], toPosition: chained[2], count: 3 }),
      expect.objectContaining({ fromPosition: chained[2], toPosition: chained[5], count: 3 }),
      expect.objectContaining({ fromPosition: chained[5], toPosition: chained[6], count: 1 }),
    ]);
    expect((await writer.readAll()).map((read) => read.streamId)).not.toContain(LOG);
    expect(await writer.readStream(LOG)).toEqual([]);

    const verified = await verifyLinkedChain(writer, writer.chainLinkLog());
    expect(verified).toMatchObject({
      ok: true,
      headPosition: chained[6],
      headHash: links()[2].hash,
      beforeChain: 2,
      checked: 7,
      unlinked: 0,
      genesis: { position: before[1], reason: 'migration' },
    });
    expect(errors).toEqual([]);
  });

  it('lets one of two chainers extend the chain: the other is refused, checks the new link and chains after it', async () => {
    const first = chainer(100);
    const second = chainer(100);
    // Both start at once: one writes the genesis, the other's identical write is taken as a replay.
    await Promise.all([first.start(), second.start()]);
    expect(records().map((stored) => stored.type)).toEqual([CHAIN_STARTED]);

    const early = await appendEvents(3);
    await first.caughtUp();
    const late = await appendEvents(2);
    // The second chainer last read the log at its genesis: its link over all five is refused.
    await second.caughtUp();

    expect(links()).toEqual([
      expect.objectContaining({ toPosition: early[2], count: 3 }),
      expect.objectContaining({ fromPosition: early[2], toPosition: late[1], count: 2 }),
    ]);
    expect(linkAppends().slice(2)).toEqual([
      [0n, true], // the first chainer's link
      [0n, false], // the second's, refused: the server holds a newer revision
      [1n, true], // the second's again, after the first's link it checked
    ]);
    expect(second.linkedPosition).toBe(late[1]);

    // And the other way round: the first one now knows an old revision, and is refused in turn.
    const last = await appendEvents(1);
    await first.caughtUp();
    expect(links().map((link) => [link.toPosition, link.count])).toEqual([
      [early[2], 3],
      [late[1], 2],
      [last[0], 1],
    ]);
    expect(linkAppends().slice(5)).toEqual([
      [1n, false],
      [2n, true],
    ]);
    expect(await verifyLinkedChain(writer, writer.chainLinkLog())).toMatchObject({ ok: true, checked: 6 });
    expect(errors).toEqual([]);
  });

  it('keeps a link cut alike by two chainers at once only once', async () => {
    const first = chainer(100);
    const second = chainer(100);
    await Promise.all([first.start(), second.start()]);
    const positions = await appendEvents(4);
    await Promise.all([first.caughtUp(), second.caughtUp()]);

    expect(links()).toEqual([expect.objectContaining({ toPosition: positions[3], count: 4 })]);
    expect(first.linkedPosition).toBe(positions[3]);
    expect(second.linkedPosition).toBe(positions[3]);
    expect(errors).toEqual([]);
  });

  it('lets a chainer that is behind the winning link follow up to it, check it there, and write nothing', async () => {
    const ahead = chainer(100);
    await ahead.start();
    const positions = await appendEvents(5);
    // The behind one links every 3 events; just before its first link is looked at, the other links all 5.
    server.beforeAppendTo(LOG, () => ahead.caughtUp());
    const behind = chainer(3);
    await behind.start();
    await behind.caughtUp();

    expect(links()).toEqual([expect.objectContaining({ toPosition: positions[4], count: 5 })]);
    expect(linkAppends().slice(1)).toEqual([
      [0n, true],
      [0n, false],
    ]);
    expect(behind.linkedPosition).toBe(positions[4]);
    expect(errors).toEqual([]);
  });

  it('stops, rather than chain after it, when the link another wrote does not match the events it read', async () => {
    const first = chainer(100);
    const second = chainer(100);
    await Promise.all([first.start(), second.start()]);
    const positions = await appendEvents(3);
    await first.caughtUp();
    const written = records().find((stored) => stored.type === CHAIN_LINKED)!;
    written.data = { ...(written.data as ChainLink), hash: '0'.repeat(64) };
    await appendEvents(1);

    await expect(second.caughtUp()).rejects.toEqual(
      expect.objectContaining({ name: ChainDiverged.name, position: positions[2] }),
    );
    expect(links()).toHaveLength(1);
  });

  it('names the first position of the link whose events were changed on the server', async () => {
    const only = chainer(3);
    await only.start();
    const positions = await appendEvents(9);
    await only.caughtUp();

    server.rewrite(BigInt(positions[4]), { id: 'e5', changed: true });

    expect(await verifyLinkedChain(writer, writer.chainLinkLog())).toMatchObject({
      ok: false,
      firstBadPosition: positions[3],
      headPosition: positions[2],
      headHash: links()[0].hash,
      checked: 3,
    });
  });

  it('asks the server to let only the chainer write the log', async () => {
    await new KurrentChainLinkLog(server, 'tenant-a-').protect('lorawatch-chainer', ['lorawatch-api']);

    expect(server.metadataOf.get('$tenant-a-lorawatch-audit')).toEqual({
      acl: {
        writeRoles: ['lorawatch-chainer'],
        readRoles: ['$admins', 'lorawatch-chainer', 'lorawatch-api'],
        deleteRoles: ['$admins'],
        metaReadRoles: ['$admins'],
        metaWriteRoles: ['$admins'],
      },
    });
  });
});
