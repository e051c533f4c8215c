import type { AlertDraft } from '@lorawatch/domain/alert';
import type { Packet } from '@lorawatch/domain/packet';
import { PolicyView as PolicyRules } from '@lorawatch/domain/policy';
import { runDetection } from '@lorawatch/detectors/testing/detection-harness';
import { Metrics } from '@lorawatch/ops/metrics';
import { SET_ASIDE_RECORDS, type SetAsideRecord } from '@lorawatch/ops/set-aside-records';
import { withConsumerHealth } from '@lorawatch/ops/supervision';
import { DETECTOR_GROUP, DetectionRunner, detectorCheckpoint } from './detection-runner';
import { PolicyProvider } from './policy-provider';
import { inLogOrder, simulatedPackets } from './testing/simulated-packets';
import { sqliteStoresForEachTest } from './testing/sqlite-stores';

/**
 * A packet the detectors cannot process (here an event time that is no date, as a faulty collector could log) must
 * not stop detection: the runner restarts from the committed offset with back-off, then sets the packet aside
 * (counted, recorded with the checkpoint) and raises the other packets' alerts as if it had never been logged.
 */
describe('a poison packet in the packet log', () => {
  const stores = sqliteStoresForEachTest('detection-poison', 2);

  /** A runner on the current test's stores. */
  function runner(metrics: Metrics): DetectionRunner {
    const { log, events, store } = stores;
    const options = {
      tickIntervalMs: 0,
      restart: { initialDelayMs: 100, maxDelayMs: 400, poisonAttempts: 3 },
    };
    const detection = new DetectionRunner(log, events, store, new PolicyProvider(store), metrics, options);
    return detection;
  }

  it('is set aside after its attempts while every other packet is detected, and /health shows the stall', async () => {
    const { log, events, store } = stores;
    const packets = simulatedPackets({ devices: 8, seed: 11, atLeast: 600 });
    const half = Math.floor(packets.length / 2);
    const poison: Packet = { ...packets[half], id: 'poison-packet', date: 'not a date' };
    await log.append([...packets.slice(0, half), poison, ...packets.slice(half)]);
    const [placed] = await log.append([poison]);

    const metrics = new Metrics();
    const detection = runner(metrics);
    detection.start();
    const ready = { ready: true, status: 'ready', details: {} };
    let degraded: unknown = null;
    // The first degraded status seen while the runner works through the poison.
    const watch = setInterval(() => {
      const status = withConsumerHealth(ready, metrics.consumers);
      degraded ??= status.status === 'degraded' ? status : null;
    }, 5);
    try {
      await detection.drained();
    } finally {
      clearInterval(watch);
    }
    await detection.stop();

    expect(degraded).toMatchObject({
      ready: false,
      status: 'degraded',
      details: { down: [{ name: DETECTOR_GROUP }] },
    });
    expect(withConsumerHealth(ready, metrics.consumers)).toEqual(ready);
    const poisonMetric = await metrics.registry.getSingleMetricAsString('lorawatch_poison_records_total');
    expect(poisonMetric).toContain(`lorawatch_poison_records_total{group="${DETECTOR_GROUP}"} 1`);
    const restarts = await metrics.registry.getSingleMetricAsString('lorawatch_consumer_restarts_total');
    expect(restarts).toMatch(
      new RegExp(`lorawatch_consumer_restarts_total\\{group="${DETECTOR_GROUP}"\\} [1-9]`),
    );

    const setAside = await store.collection<SetAsideRecord>(SET_ASIDE_RECORDS).find({});
    expect(setAside).toEqual([
      expect.objectContaining({
        group: DETECTOR_GROUP,
        partition: placed.partition,
        offset: placed.offset,
        entryId: 'poison-packet',
      }),
    ]);
    const ends = await log.endOffsets();
    expect(ends).toHaveLength(log.partitions);
    for (const [partition, end] of ends.entries())
      expect(await store.checkpoint(detectorCheckpoint(partition))).toBe(end);

    const raised = (await events.readAll())
      .filter((event) => event.type === 'AlertRaised')
      .map((event) => (event.data as AlertDraft).id);
    const expected = runDetection(inLogOrder(packets, log), new PolicyRules([])).alerts.map(
      (alert) => alert.id,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(new Set(raised).size).toBe(raised.length);
    expect(new Set(raised)).toEqual(new Set(expected));
  });

  it('is skipped without a new attempt when the partition is read again from before it', async () => {
    const { log, store } = stores;
    const packets = simulatedPackets({ devices: 8, seed: 11, atLeast: 600 }).slice(0, 200);
    const poison: Packet = { ...packets[100], id: 'poison-packet', date: 'not a date' };
    await log.append([...packets.slice(0, 100), poison, ...packets.slice(100)]);
    const [placed] = await log.append([poison]);
    const first = runner(new Metrics());
    first.start();
    await first.drained();
    await first.stop();

    // Read the poison's partition again from the start, as after a lost checkpoint: the skip is replayed as is.
    await store.commit([], { name: detectorCheckpoint(placed.partition), position: 0 });
    await log.commit(DETECTOR_GROUP, placed.partition, 0);
    const metrics = new Metrics();
    const second = runner(metrics);
    second.start();
    await second.drained();
    await second.stop();
    // No attempt failed this time: the packet was never handed to the detectors again.
    for (const name of ['lorawatch_consumer_restarts_total', 'lorawatch_poison_records_total'])
      expect(await metrics.registry.getSingleMetricAsString(name)).not.toContain(`group="${DETECTOR_GROUP}"`);
    expect(metrics.consumers.downWorkers()).toEqual([]);
    expect(await store.checkpoint(detectorCheckpoint(placed.partition))).toBe(
      (await log.endOffsets())[placed.partition],
    );
  });
});
