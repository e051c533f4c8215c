import { EventChainer, verifyLinkedChain } from '../chain/event-chainer';
import { eventStoreContract, type EventStoreFixture } from '../testing/event-store.contract';
import { KurrentEventStore } from './kurrent-event-store';
import { DensePositionView, PositionIndex } from './testing/dense-position-view';
import { kurrentdbUnderTest } from './testing/kurrentdb-under-test';

/**
 * Runs the EventStore contract against a real KurrentDB / EventStoreDB (22.6+): the one of KURRENTDB_URL (a
 * connection string such as kurrentdb://localhost:2113?tls=false), else a throwaway container where Docker answers.
 *
 * $all is shared by every run and every user of that server, and always holds system events. Each fixture
 * therefore works in its own stream namespace (a unique prefix, read through a server-side stream-name filter),
 * so it starts with an empty store of its own. The contract also asserts literal positions 1, 2, 3... while
 * KurrentDB positions are log offsets: the fixture renumbers them through DensePositionView (test only), which
 * keeps order and exclusivity. The fixture's streams are left on the server under their unique prefix.
 */
const { skipReason } = kurrentdbUnderTest;
// A container takes a while to start on first use.
if (!skipReason) jest.setTimeout(180_000);
afterAll(() => kurrentdbUnderTest.stop());

let run = 0;

async function kurrentFixture(): Promise<EventStoreFixture> {
  const connectionString = await kurrentdbUnderTest.url();
  run += 1;
  const streamPrefix = `lw-contract-${Date.now().toString(36)}-${process.pid}-${run}-`;
  const stores: KurrentEventStore[] = [];
  const connect = (): KurrentEventStore => {
    const store = KurrentEventStore.connect(connectionString, {
      streamPrefix,
      retryDelayMs: 100,
      // The contract observes handler failures through caughtUp(); nothing to log here.
      onError: () => undefined,
    });
    stores.push(store);
    return store;
  };
  const reader = connect();
  const index = new PositionIndex(async (after) =>
    (await reader.readAll({ after })).map((event) => event.position),
  );
  let opened = 0;
  return {
    open: async () => {
      opened += 1;
      return new DensePositionView(opened === 1 ? reader : connect(), index);
    },
    dispose: async () => {
      await Promise.all(stores.map((store) => store.close()));
    },
  };
}

eventStoreContract('KurrentDB', kurrentFixture, { skipReason });

/**
 * The tamper-evident chain on a real server: what the unit specs' stand-in cannot prove (that the server takes the
 * link log in a system stream, hides it from the store's reads, refuses a stale expected revision and keeps an
 * identical record once) is checked here when a server is at hand.
 */
const describeWithServer = skipReason ? describe.skip : describe;
describeWithServer(`The event chain on KurrentDB${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  it('lets two chainers keep one chain over the store, which verification then walks', async () => {
    const connectionString = await kurrentdbUnderTest.url();
    const streamPrefix = `lw-chain-${Date.now().toString(36)}-${process.pid}-`;
    const connect = () =>
      KurrentEventStore.connect(connectionString, { streamPrefix, onError: () => undefined });
    const writer = connect();
    const processes = [connect(), connect()];
    const errors: unknown[] = [];
    const chainers = processes.map(
      (store, index) =>
        new EventChainer(store, store.chainLinkLog(), {
          linkEvery: index === 0 ? 3 : 5,
          onError: (error) => errors.push(error),
        }),
    );
    try {
      await Promise.all(chainers.map((chainer) => chainer.start()));
      for (let n = 0; n < 12; n++)
        await writer.append(
          `alert-${n % 3}`,
          [
            {
              id: `chain-${n}`,
              type: 'AlertRaised',
              data: { n },
              metadata: {
                organizationId: 1,
                actor: 'test',
                correlationId: 'c',
                causationId: null,
                occurredAt: new Date().toISOString(),
                schemaVersion: 1,
              },
            },
          ],
          'any',
        );
      await Promise.all(chainers.map((chainer) => chainer.caughtUp()));

      expect(errors).toEqual([]);
      expect(chainers[0].linkedPosition).toBe(chainers[1].linkedPosition);
      expect((await writer.readAll()).some((event) => event.streamId.includes('lorawatch-audit'))).toBe(
        false,
      );
      expect(await verifyLinkedChain(writer, writer.chainLinkLog())).toMatchObject({
        ok: true,
        beforeChain: 0,
        checked: 12,
        unlinked: 0,
      });
    } finally {
      await Promise.all(chainers.map((chainer) => chainer.stop()));
      await Promise.all([writer, ...processes].map((store) => store.close()));
    }
  });
});
