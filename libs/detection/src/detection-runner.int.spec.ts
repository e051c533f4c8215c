import type { AlertDraft } from '@lorawatch/domain/alert';
import type { Packet } from '@lorawatch/domain/packet';
import { PolicyView as PolicyRules } from '@lorawatch/domain/policy';
import { runDetection } from '@lorawatch/detectors/testing/detection-harness';
import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import { Metrics } from '@lorawatch/ops/metrics';
import { SqlitePacketLog } from '@lorawatch/packet-log/embedded/sqlite-packet-log';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { openDatabase, type Database } from '@lorawatch/sqlite/open-database';
import { createTempSqliteFile, type TempSqliteFile } from '@lorawatch/sqlite/testing/temp-sqlite-file';
import { DetectionRunner } from './detection-runner';
import { PolicyProvider } from './policy-provider';
import { inLogOrder, simulatedPackets } from './testing/simulated-packets';

/**
 * Detector replicas hand partitions to one another as they come and go. A replica that gets a partition back must
 * work on the state the other replica left, not on what it remembered: with `cacheState: false` the alerts are the
 * same as one runner's over the whole stream.
 */
describe('detection runners taking turns on the same partitions', () => {
  let temp: TempSqliteFile;
  let db: Database;
  let log: SqlitePacketLog;
  let events: SqliteEventStore;
  let store: SqliteReadStore;

  beforeEach(() => {
    temp = createTempSqliteFile('detection-replicas');
    db = openDatabase(temp.file);
    log = new SqlitePacketLog(db, { partitions: 2 });
    events = new SqliteEventStore(db);
    store = new SqliteReadStore(db);
  });
  afterEach(() => {
    db.close();
    temp.remove();
  });

  const replica = () =>
    new DetectionRunner(log, events, store, new PolicyProvider(store), new Metrics(), {
      tickIntervalMs: 0,
      cacheState: false,
    });

  async function runOver(runner: DetectionRunner, packets: Packet[]): Promise<void> {
    await log.append(packets);
    runner.start();
    await runner.drained();
    await runner.stop();
  }

  it('raises exactly the alerts of a single runner when the partitions go A, B, then back to A', async () => {
    const packets = simulatedPackets({ devices: 12, seed: 5, atLeast: 1500 });
    const third = Math.floor(packets.length / 3);
    const a = replica();
    const b = replica();
    await runOver(a, packets.slice(0, third));
    await runOver(b, packets.slice(third, 2 * third));
    await runOver(a, packets.slice(2 * third));

    const raised = (await events.readAll())
      .filter((event) => event.type === 'AlertRaised')
      .map((event) => (event.data as AlertDraft).id);
    // Each partition in the order the log keeps: that is the order every replica sees.
    const expected = runDetection(inLogOrder(packets, log), new PolicyRules([])).alerts.map(
      (alert) => alert.id,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(new Set(raised).size).toBe(raised.length);
    expect(new Set(raised)).toEqual(new Set(expected));
  });

  it('asks the log for its end offsets only when a batch may be the last of its partition', async () => {
    const packets = simulatedPackets({ devices: 12, seed: 5, atLeast: 3000 });
    await log.append(packets);
    const endReads = jest.spyOn(log, 'endOffsets');
    const handled: number[] = [];
    const consume = log.consume.bind(log);
    log.consume = (options, handler) =>
      consume(options, (batch, context) => handler(batch, context).finally(() => handled.push(batch.length)));
    const runner = replica();
    await runOver(runner, []);

    // A backlog of 256-record batches: only each partition's last batch reads the ends (on Kafka an admin call).
    expect(handled.length).toBeGreaterThan(10);
    expect(endReads.mock.calls.length).toBeLessThanOrEqual(log.partitions);
    // The gateways were still folded once the whole log was detected: every alert of one runner, theirs included.
    const raised = (await events.readAll())
      .filter((event) => event.type === 'AlertRaised')
      .map((event) => event.data as AlertDraft);
    const expected = runDetection(inLogOrder(packets, log), new PolicyRules([])).alerts;
    expect(raised.some((alert) => alert.code === 'LAF-402')).toBe(true);
    expect(new Set(raised.map((alert) => alert.id))).toEqual(new Set(expected.map((alert) => alert.id)));
  });
});
