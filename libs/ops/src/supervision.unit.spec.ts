import { Metrics } from './metrics';
import { restartDelay, withConsumerHealth } from './supervision';

describe('restartDelay', () => {
  it('starts at one second and doubles with each failure in a row, up to a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((failures) => restartDelay(failures))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000,
    ]);
    expect(restartDelay(3, { initialDelayMs: 50, maxDelayMs: 150 })).toBe(150);
  });
});

describe('withConsumerHealth', () => {
  const ready = { ready: true, status: 'ready', details: { projections: { alerts: 3 } } };

  it('answers degraded and not ready while a consumer is down, and as before once it recovered', async () => {
    const metrics = new Metrics();
    metrics.consumers.failed('detectors', new Error('store unavailable'), 2, 2000);
    expect(withConsumerHealth(ready, metrics.consumers)).toEqual({
      ready: false,
      status: 'degraded',
      details: {
        projections: { alerts: 3 },
        down: [{ name: 'detectors', since: expect.any(String), error: 'store unavailable', failures: 2 }],
      },
    });
    expect(await metrics.registry.getSingleMetricAsString('lorawatch_consumer_down')).toContain(
      'lorawatch_consumer_down{group="detectors"} 1',
    );

    metrics.consumers.restarted('detectors');
    metrics.consumers.recovered('detectors');
    expect(withConsumerHealth(ready, metrics.consumers)).toEqual(ready);
    expect(await metrics.registry.getSingleMetricAsString('lorawatch_consumer_restarts_total')).toContain(
      'lorawatch_consumer_restarts_total{group="detectors"} 1',
    );
  });

  it('leaves a process that is still starting or stopping as it is', () => {
    const metrics = new Metrics();
    metrics.consumers.failed('totals', new Error('x'), 1, 1000);
    const starting = { ready: false, status: 'starting', details: {} };
    expect(withConsumerHealth(starting, metrics.consumers)).toEqual(starting);
  });

  it("counts consumers that are down in other parts of the process (the console's threads) as its own", () => {
    const metrics = new Metrics();
    const elsewhere = [
      { name: 'detector: detectors', since: '2026-11-26T10:00:00.000Z', error: 'x', failures: 3 },
    ];
    expect(withConsumerHealth(ready, metrics.consumers, elsewhere)).toEqual({
      ready: false,
      status: 'degraded',
      details: { projections: { alerts: 3 }, down: elsewhere },
    });
    expect(withConsumerHealth(ready, metrics.consumers, [])).toEqual(ready);
  });
});
