import type { Packet } from '@lorawatch/domain/packet';
import { PolicyView } from '@lorawatch/domain/policy';
import { initialJoinDetectors, runJoinDetectors } from './join-detectors';
import { dataUpAt, GW_A, GW_B, joinAcceptAt, joinRequestAt, runFamily } from './testing/device-frames';

const policy = new PolicyView([]);

/** A device that fails to join for a while (each request heard twice), then joins and rejoins daily. */
function history(): Packet[] {
  const packets: Packet[] = [dataUpAt(0, 300)];
  for (let i = 0; i < 14; i += 1) {
    packets.push(
      joinRequestAt(100 + i * 120, i + 1, { gateway: GW_A }),
      joinRequestAt(100.3 + i * 120, i + 1, { gateway: GW_B }),
    );
  }
  packets.push(joinAcceptAt(1900, '26010001'), dataUpAt(1960, 0, { devAddr: '26010001' }));
  for (let day = 1; day <= 40; day += 1) {
    const at = day * 86400 + (day % 7) * 60;
    const devAddr = `2602${(0x1000 + day).toString(16)}`;
    packets.push(
      joinRequestAt(at, 100 + day),
      joinAcceptAt(at + 5, devAddr),
      dataUpAt(at + 60, 0, { devAddr }),
      dataUpAt(at + 80000, 130 + (day % 5), { devAddr }),
    );
  }
  packets.push(
    joinRequestAt(41 * 86400 + 300, 999),
    dataUpAt(41 * 86400 + 400, 131, { devAddr: '26021028' }),
  );
  return packets;
}

describe('join detector family', () => {
  it('raises LAF-404, clears it, and raises LAF-501, from one stream of device traffic', () => {
    const run = runFamily(runJoinDetectors, initialJoinDetectors(), history(), policy);
    expect(
      run.steps.flatMap((s) => s.alerts.map((a) => [a.code, a.parameters.join_requests ?? null])),
    ).toEqual([
      ['LAF-404', 11],
      ['LAF-404', 12],
      ['LAF-404', 13],
      ['LAF-404', 14],
      ['LAF-501', null],
    ]);
    expect(run.steps.flatMap((s) => s.cleared.map((c) => [c.code, c.reason]))).toEqual([
      ['LAF-404', 'device connected'],
    ]);
  });

  it('is deterministic, and a JSON round trip of the state between packets changes nothing', () => {
    const packets = history();
    const first = runFamily(runJoinDetectors, initialJoinDetectors(), packets, policy);
    const again = runFamily(runJoinDetectors, initialJoinDetectors(), packets, policy);
    const persisted = runFamily(runJoinDetectors, initialJoinDetectors(), packets, policy, {
      roundTripState: true,
    });
    expect(again).toEqual(first);
    expect(persisted).toEqual(first);
    expect(JSON.parse(JSON.stringify(first.state))).toEqual(first.state);
  });

  it('leaves its input state untouched', () => {
    const packets = history();
    const mid = runFamily(runJoinDetectors, initialJoinDetectors(), packets.slice(0, 40), policy).state;
    const snapshot = JSON.stringify(mid);
    runFamily(runJoinDetectors, mid, packets.slice(40), policy);
    expect(JSON.stringify(mid)).toBe(snapshot);
  });
});
