import type { AppConfig } from '@lorawatch/config/app-config';
import type { EventMetadata } from '@lorawatch/domain/event-envelope';
import type { Engines } from '@lorawatch/engines/open-engines';
import { EventChainer } from '@lorawatch/event-store/chain/event-chainer';
import { KurrentEventStore } from '@lorawatch/event-store/kurrent/kurrent-event-store';
import { KurrentClientStandIn } from '@lorawatch/event-store/kurrent/testing/kurrent-client-stand-in';
import { AuditUnavailable, AuditVerifyService } from './audit-verify.service';
import type { ChainVerifyRunner, ChainVerifyTask } from './chain-verify-pool';
import { verifyKurrentChain } from './kurrent-chain-verify.worker';

const metadata: EventMetadata = {
  organizationId: 1,
  actor: 'system',
  correlationId: 'c',
  causationId: null,
  occurredAt: '2026-11-20T08:00:00.000Z',
  schemaVersion: 1,
};
const CHECKED_AT = new Date('2026-11-29T01:00:00.000Z');
const URL = 'kurrentdb://127.0.0.1:2113?tls=false';
const BOUNDS = [{ prefix: 'collector-lease-', maxCount: 50 }];

/**
 * `GET audit/verify` when the events are on a KurrentDB server: the walk of `$all` against the links the
 * projector's chainer wrote runs in the verification's worker thread, on a connection of its own, and the API's
 * event loop only awaits its answer. The server is the stand-in of the KurrentDB client (the client's own types),
 * as in the adapter's chain tests; a thread cannot reach an in-process stand-in, so the runner here runs the
 * thread's task in place, on a store of its own over the same server, with the task as the thread receives it.
 */
describe('verifying the record of a KurrentDB event store', () => {
  let server: KurrentClientStandIn;
  let store: KurrentEventStore;
  let chainer: EventChainer;
  let service: AuditVerifyService;
  let tasks: ChainVerifyTask[];
  const positions: number[] = [];

  beforeEach(async () => {
    server = new KurrentClientStandIn();
    store = new KurrentEventStore(server, { retryDelayMs: 1, streamBounds: BOUNDS });
    chainer = new EventChainer(store, store.chainLinkLog(), { linkEvery: 3, linkAfterMs: 60_000 });
    tasks = [];
    const runner: ChainVerifyRunner = {
      verify: (task) => {
        // What crosses to the thread: plain data only (a function or a client would not survive the copy).
        const received = structuredClone(task);
        tasks.push(received);
        return verifyKurrentChain(
          received,
          (_url, scope) => new KurrentEventStore(server, { ...scope, streamBounds: [...scope.streamBounds] }),
        );
      },
      close: async () => undefined,
    };
    const config = { engines: { eventStore: URL } } as AppConfig;
    const engines: Pick<Engines, 'chain'> = { chain: { store, links: store.chainLinkLog() } };
    service = new AuditVerifyService(config, { now: () => CHECKED_AT }, engines, runner);
    positions.length = 0;
    // Given six events recorded and chained by the projector's chainer
    await chainer.start();
    for (let index = 1; index <= 6; index++) {
      const appended = await store.append(
        `alert-${index % 2}`,
        [{ id: `e${index}`, type: 'AlertRaised', data: { id: `e${index}` }, metadata }],
        'any',
      );
      positions.push(appended.position);
    }
    await chainer.caughtUp();
  });

  afterEach(async () => {
    await chainer.stop();
    await service.onModuleDestroy();
    await store.close();
  });

  it('answers ok with the head of the chain', async () => {
    const answer = await service.verify();
    expect(answer).toMatchObject({
      ok: true,
      head_position: positions[5],
      checked_at: CHECKED_AT.toISOString(),
    });
    expect(answer.head_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('names the first position of the link whose events were changed on the server', async () => {
    server.rewrite(BigInt(positions[4]), { id: 'e5', changed: true });
    expect(await service.verify()).toMatchObject({
      ok: false,
      first_bad_position: positions[3],
      head_position: positions[2],
    });
  });

  it("hands the walk to the thread: the server and the store's scope, and no read of $all on the API's loop", async () => {
    const readAll = jest.spyOn(store, 'readAll');
    const readStream = jest.spyOn(store, 'readStream');

    await Promise.all([service.verify(), service.verify()]);

    expect(tasks).toEqual([
      { kind: 'kurrent', connectionString: URL, streamPrefix: '', streamBounds: BOUNDS },
    ]);
    expect(readAll).not.toHaveBeenCalled();
    expect(readStream).not.toHaveBeenCalled();
  });
});

describe('the verification thread of a KurrentDB event store', () => {
  it('answers that the record cannot be walked when the server does not answer, and the service stays up', async () => {
    const config = { engines: { eventStore: 'kurrentdb://127.0.0.1:1?tls=false' } } as AppConfig;
    const store = new KurrentEventStore(new KurrentClientStandIn());
    const service = new AuditVerifyService(
      config,
      { now: () => CHECKED_AT },
      {
        chain: { store, links: store.chainLinkLog() },
      },
    );
    try {
      const failure = await service.verify().catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(AuditUnavailable);
      expect((failure as Error).message).toMatch(/^The chain on the KurrentDB server could not be walked: /);
    } finally {
      await service.onModuleDestroy();
    }
  }, 30_000);
});
