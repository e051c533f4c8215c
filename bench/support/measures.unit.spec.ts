import { auditsIdle, keyAuditMetrics, parseMetrics } from './server';
import { quantile, until, withTimeout } from './stats';

describe('what the benchmark reads of its measurements', () => {
  const exposition = [
    '# HELP lorawatch_key_audit_lag Packets appended but not yet checked by the AppKey audit, per partition',
    '# TYPE lorawatch_key_audit_lag gauge',
    'lorawatch_key_audit_lag{partition="0"} 0',
    'lorawatch_key_audit_lag{partition="1"} 3',
    'lorawatch_key_audit_queue_depth 0',
    'lorawatch_key_audits_done_total 12',
    'lorawatch_packets_appended_total 1.5e3',
    'process_cpu_seconds_total{mode="a b"} NaN',
    '',
  ].join('\n');

  it('sums each Prometheus metric over its label sets', () => {
    const metrics = parseMetrics(exposition);
    expect(metrics.get('lorawatch_key_audit_lag')).toBe(3);
    expect(metrics.get('lorawatch_packets_appended_total')).toBe(1500);
    expect(metrics.has('process_cpu_seconds_total')).toBe(false);
    expect([...keyAuditMetrics(metrics).keys()]).toEqual([
      'lorawatch_key_audit_lag',
      'lorawatch_key_audit_queue_depth',
      'lorawatch_key_audits_done_total',
    ]);
  });

  it('calls the audit idle only with no packet unread and nothing queued or running', () => {
    expect(auditsIdle(parseMetrics(exposition))).toBe(false);
    expect(auditsIdle(parseMetrics('lorawatch_key_audit_lag 0\nlorawatch_key_audit_queue_depth 2'))).toBe(
      false,
    );
    expect(auditsIdle(parseMetrics('lorawatch_key_audit_lag 0\nlorawatch_key_audit_queue_depth 0'))).toBe(
      true,
    );
    // A server without the queue gauge audits inside its consumer: lag 0 is enough.
    expect(auditsIdle(parseMetrics('lorawatch_key_audit_lag{partition="0"} 0'))).toBe(true);
    // Without the lag's samples (the audit's thread did not answer the scrape) nothing is known.
    expect(auditsIdle(parseMetrics('lorawatch_key_audit_queue_depth 0'))).toBe(false);
  });

  it('takes percentiles by nearest rank', () => {
    const values = Array.from({ length: 200 }, (_value, index) => 200 - index);
    expect(quantile(values, 0.5)).toBe(100);
    expect(quantile(values, 0.95)).toBe(190);
    expect(quantile(values, 0.99)).toBe(198);
    expect(quantile([7], 0.99)).toBe(7);
    expect(quantile([], 0.5)).toBeNull();
  });

  it('gives up on a check that never answers once the deadline has passed, naming what it waited for', async () => {
    const never = () => new Promise<boolean>(() => undefined);
    await expect(until(never, 50, 'a check that hangs', 10)).rejects.toThrow(
      'timed out after 0 s waiting for a check that hangs',
    );
  });

  it('polls until the check holds and passes a settled promise through', async () => {
    let calls = 0;
    await until(async () => ++calls === 3, 5_000, 'three calls', 1);
    expect(calls).toBe(3);
    await expect(withTimeout(Promise.resolve(7), 1_000, 'seven')).resolves.toBe(7);
  });
});
