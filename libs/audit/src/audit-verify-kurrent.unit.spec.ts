import type { AppConfig } from '@lorawatch/config/app-config';
import type { EventMetadata } from '@lorawatch/domain/event-envelope';
import type { Engines } from '@lorawatch/engines/open-engines';
import { EventChainer } from '@lorawatch/event-store/chain/event-chainer';
import { KurrentEventStore } from '@lorawatch/event-store/kurrent/kurrent-event-store';
import { KurrentClientStandIn } from '@lorawatch/event-store/kurrent/testing/kurrent-client-stand-in';
import { AuditVerifyService } from './audit-verify.service';

const metadata: EventMetadata = {
  organizationId: 1,
  actor: 'system',
  correlationId: 'c',
  causationId: null,
  occurredAt: '2026-11-20T08:00:00.000Z',
  schemaVersion: 1,
};
const CHECKED_AT = new Date('2026-11-29T01:00:00.000Z');

/**
 * `GET audit/verify` when the events are on a KurrentDB server: the service walks `$all` against the links the
 * projector's chainer wrote. The server is the stand-in of the KurrentDB client (the client's own types), as in the
 * adapter's chain tests.
 */
describe('verifying the record of a KurrentDB event store', () => {
  let server: KurrentClientStandIn;
  let store: KurrentEventStore;
  let chainer: EventChainer;
  let service: AuditVerifyService;
  const positions: number[] = [];

  beforeEach(async () => {
    server = new KurrentClientStandIn();
    store = new KurrentEventStore(server, { retryDelayMs: 1 });
    chainer = new EventChainer(store, store.chainLinkLog(), { linkEvery: 3, linkAfterMs: 60_000 });
    const config = { engines: { eventStore: 'kurrentdb://127.0.0.1:2113?tls=false' } } as AppConfig;
    const engines: Pick<Engines, 'chain'> = { chain: { store, links: store.chainLinkLog() } };
    service = new AuditVerifyService(config, { now: () => CHECKED_AT }, engines);
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
});
