import type { AlertDraft } from '@lorawatch/domain/alert';
import { PolicyView as PolicyRules } from '@lorawatch/domain/policy';
import { runDetection } from '@lorawatch/detectors/testing/detection-harness';
import type { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import type {
  AppendResult,
  EventHandler,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from '@lorawatch/event-store/event-store.port';
import { Metrics } from '@lorawatch/ops/metrics';
import type { SqlitePacketLog } from '@lorawatch/packet-log/embedded/sqlite-packet-log';
import type { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { DETECTION_OUTBOX, type OutboxDoc } from './detection-outbox';
import { DetectionRunner, detectorCheckpoint } from './detection-runner';
import { PolicyProvider } from './policy-provider';
import { simulatedPackets } from './testing/simulated-packets';
import { sqliteStoresForEachTest } from './testing/sqlite-stores';

const CHECKPOINT = detectorCheckpoint(0);

/**
 * The event store of a process that stops right after a commit: the first `allowed` appends are made, every later
 * one fails (the process is gone before it makes them).
 */
class StoppingEventStore implements EventStore {
  private appends = 0;

  constructor(
    private readonly inner: EventStore,
    private readonly allowed: number,
  ) {}

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (this.appends >= this.allowed) throw new Error('the process stopped');
    this.appends += 1;
    return this.inner.append(streamId, events, expected);
  }

  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return this.inner.readStream(streamId, options);
  }

  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.inner.readAll(options);
  }

  headPosition(): Promise<number> {
    return this.inner.headPosition();
  }

  subscribeToAll(options: SubscribeOptions, handler: EventHandler): Subscription {
    return this.inner.subscribeToAll(options, handler);
  }

  async close(): Promise<void> {
    // The shared store is closed by the test.
  }
}

/**
 * The detection outbox on the embedded engines: what a batch decides is committed with its state and offset, and
 * appended afterwards. A process stopped in between leaves it in the outbox; the next start appends it, once.
 */
describe('the detection outbox', () => {
  const stores = sqliteStoresForEachTest('detection-outbox', 1);
  let log: SqlitePacketLog;
  let events: SqliteEventStore;
  let store: SqliteReadStore;
  beforeEach(() => {
    ({ log, events, store } = stores);
  });

  const runner = (eventStore: EventStore) =>
    new DetectionRunner(log, eventStore, store, new PolicyProvider(store), new Metrics(), {
      tickIntervalMs: 0,
      cacheState: false,
      restart: { initialDelayMs: 50, maxDelayMs: 200, poisonAttempts: 1_000 },
    });
  const raisedIds = async (): Promise<string[]> =>
    (await events.readAll())
      .filter((event) => event.type === 'AlertRaised')
      .map((event) => (event.data as AlertDraft).id);
  const outbox = () => store.collection<OutboxDoc>(DETECTION_OUTBOX);

  it('appends at the next start, once, what a process committed and stopped before appending', async () => {
    const packets = simulatedPackets({ devices: 10, seed: 19, atLeast: 600 }).slice(0, 600);
    await log.append(packets);

    // A commits its first batch, makes three of its appends and stops.
    const a = runner(new StoppingEventStore(events, 3));
    a.start();
    await until(async () => (await store.checkpoint(CHECKPOINT)) > 0 && (await outbox().count()) > 0);
    await a.stop();
    const left = await outbox().find({}, { sort: [['order', 'asc']] });
    const leftAlerts = left.flatMap(({ entry }) => (entry.kind === 'alert' ? [entry.alert.id] : []));
    expect(leftAlerts.length).toBeGreaterThan(3);
    // What A appended before it stopped is the start of what its commit left, in order.
    const appendedByA = await raisedIds();
    expect(appendedByA.length).toBeLessThanOrEqual(3);
    expect(leftAlerts.slice(0, appendedByA.length)).toEqual(appendedByA);

    // B starts: it appends what A left before its first batch, then detects on from A's checkpoint.
    const b = runner(events);
    b.start();
    await b.drained();
    await b.stop();
    expect(await outbox().count()).toBe(0);
    const raised = await raisedIds();
    expect(raised.slice(0, leftAlerts.length)).toEqual(leftAlerts);
    expect(new Set(raised).size).toBe(raised.length);
    const expected = runDetection(packets, new PolicyRules([])).alerts.map((alert) => alert.id);
    expect(new Set(raised)).toEqual(new Set(expected));

    // Another start finds nothing left: nothing is appended twice.
    const head = await events.headPosition();
    const c = runner(events);
    c.start();
    await c.drained();
    await c.stop();
    expect(await events.headPosition()).toBe(head);
  });
});

async function until(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('Condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
