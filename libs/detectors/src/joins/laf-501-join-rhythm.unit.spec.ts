import type { Packet } from '@lorawatch/domain/packet';
import { PolicyView } from '@lorawatch/domain/policy';
import { alertId } from '../alert-draft';
import { initialJoinDetectors, runJoinDetectors } from './join-detectors';
import {
  dataUpAt,
  DEV_EUI,
  GW_A,
  GW_B,
  GW_C,
  joinAcceptAt,
  joinRequestAt,
  runFamily,
  type DataUpOptions,
} from './testing/device-frames';

const defaultPolicy = new PolicyView([]);
const DAY = 86400;
/** A small deterministic wobble in −1..1, so tests never depend on randomness. */
const wobble = (i: number) => (((i * 7919) % 13) - 6) / 6;

function laf501(packets: readonly Packet[]) {
  const run = runFamily(runJoinDetectors, initialJoinDetectors(), packets, defaultPolicy);
  return { alerts: run.steps.flatMap((s) => s.alerts).filter((a) => a.code === 'LAF-501'), state: run.state };
}

/**
 * A device that rejoins about once a day (± 5 minutes of clock jitter), after about 143 uplinks (± 2): join
 * request, join accept, first uplink of the session, last uplink before the next join.
 */
function dailyRejoins(cycles: number, fromCycle = 0) {
  const packets: Packet[] = [];
  let at = 0;
  for (let k = 0; k < fromCycle + cycles; k += 1) {
    const joinAt = at;
    at += DAY + 300 * wobble(k);
    if (k < fromCycle) continue;
    const devAddr = `2601${(0x1000 + k).toString(16)}`;
    packets.push(
      joinRequestAt(joinAt, k + 1),
      joinAcceptAt(joinAt + 5, devAddr),
      dataUpAt(joinAt + 60, 0, { devAddr }),
      dataUpAt(at - 600, 143 + Math.round(2 * wobble(k + 5)), { devAddr }),
    );
  }
  return { packets, nextJoinAt: at };
}

describe('LAF-501 rule B: the first uplink after a join request continues an old session', () => {
  const joined = (fCnt: number, options: DataUpOptions = {}) => [
    dataUpAt(0, 199),
    joinRequestAt(100, 1),
    dataUpAt(160, fCnt, options),
  ];

  it('given a join request followed by an uplink with FCnt 200: an alert on the uplink, without extras', () => {
    const packets = joined(200);
    const { alerts } = laf501(packets);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      id: alertId('LAF-501', packets[2].id),
      packet: packets[2],
      devEui: DEV_EUI,
    });
    expect(Object.keys(alerts[0].parameters).sort()).toEqual(
      ['dev_addr', 'dev_eui', 'gateway', 'join_eui', 'packet_date', 'packet_id'].sort(),
    );
  });

  it.each([0, 1, 2, 3, 16])(
    'given a join request followed by FCnt %i (a fresh session): no alert',
    (fCnt) => {
      expect(laf501(joined(fCnt)).alerts).toEqual([]);
    },
  );

  it('judges only the first uplink after the join request, once, however many gateways relay it', () => {
    const packets = [
      ...joined(200, { gateway: GW_A }),
      dataUpAt(160.2, 200, { gateway: GW_B }),
      dataUpAt(160.3, 200, { gateway: GW_C }),
      dataUpAt(220, 201),
    ];
    expect(laf501(packets).alerts.map((a) => a.packet.id)).toEqual([packets[2].id]);
    expect(laf501([...joined(0), dataUpAt(220, 40)]).alerts).toEqual([]);
  });

  it('given an old-session uplink sent before the join request but delivered after it: no alert', () => {
    const packets = [dataUpAt(0, 199), joinRequestAt(100, 1), dataUpAt(99, 200), dataUpAt(160, 0)];
    expect(laf501(packets).alerts).toEqual([]);
  });

  it('given uplinks with high counters and no join request: no alert', () => {
    expect(laf501([dataUpAt(0, 500), dataUpAt(60, 501), dataUpAt(120, 502)]).alerts).toEqual([]);
  });
});

describe('LAF-501 rule A: join requests sooner and after fewer uplinks than the learned rhythm', () => {
  const learning = dailyRejoins(62);

  it('learns the gap between join requests and the last FCnt before each (not the gap) as its profiles', () => {
    const profile = laf501(learning.packets).state.joinRhythm.profile;
    expect(Math.exp(profile.logGaps.fit?.mean ?? 0)).toBeCloseTo(DAY, -3);
    expect(profile.lastFCounts.fit?.mean).toBeGreaterThan(140);
    expect(profile.lastFCounts.fit?.mean).toBeLessThan(146);
  });

  it('given the device rejoining on its usual schedule, with clock jitter, for another month: no alert', () => {
    const usual = dailyRejoins(30, 62).packets;
    expect(laf501([...learning.packets, ...usual]).alerts).toEqual([]);
  });

  it('given the device suddenly rejoining 15 minutes after its last join, after 3 uplinks: an alert', () => {
    const lastJoin = learning.packets[learning.packets.length - 4];
    const lastJoinAt = (Date.parse(lastJoin.date) - Date.parse(learning.packets[0].date)) / 1000;
    const { devAddr } = learning.packets[learning.packets.length - 1];
    const early = joinRequestAt(lastJoinAt + 900, 9999);
    const packets = [
      // The last session ends after 3 uplinks instead of about 143.
      ...learning.packets.slice(0, -1),
      dataUpAt(lastJoinAt + 120, 1, { devAddr: devAddr ?? undefined }),
      dataUpAt(lastJoinAt + 180, 3, { devAddr: devAddr ?? undefined }),
      early,
    ];

    const { alerts } = laf501(packets);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      id: alertId('LAF-501', early.id),
      packet: early,
      parameters: { delta: 900, last_fcount: 3, packet_id: early.id, dev_eui: DEV_EUI },
    });
    expect(alerts[0].parameters.median as number).toBeCloseTo(DAY, -3);
    expect(alerts[0].parameters.mean_last_fcount as number).toBeGreaterThan(140);
    expect(alerts[0].parameters.score as number).toBeLessThan(0.05);
  });
});
