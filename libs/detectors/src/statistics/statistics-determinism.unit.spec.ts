import type { Packet } from '@lorawatch/domain/packet';
import {
  updateDeviceStatistics,
  initialDeviceStatistics,
  type DeviceStatisticsState,
} from './update-device-statistics';
import { tickDeviceStatistics } from './laf-401-device-silent';
import {
  downlink,
  GW_A,
  GW_B,
  heardBy,
  joinAccept,
  joinRequest,
  policyWith,
  runDevice,
  uplink,
} from './testing/statistics-traffic';

const policy = policyWith({
  'LAF-100': { minimum_rssi: -100, moving_average_weight: 0.5 },
  'LAF-101': { max_lost_packets: 1 },
  'LAF-103': { max_retransmissions: 0 },
});

/** Traffic that raises LAF-100, 101 and 103 and, with the ticks below, LAF-401 and its clearance. */
const traffic: Packet[] = [
  joinRequest(1, { at: 0 }),
  joinAccept({ at: 5 }),
  ...heardBy(0, 60, [GW_A, GW_B], { rssi: -105 }),
  ...heardBy(1, 120, [GW_A, GW_B], { rssi: -106 }),
  uplink(1, { at: 123, gateway: GW_A, rssi: -104 }),
  uplink(4, { at: 300, rssi: -107 }),
  downlink(3, { at: 301 }),
  uplink(5, { at: 360, rssi: -103 }),
];
const late = [uplink(6, { at: 20000 }), uplink(7, { at: 20060 })];

function scenario(roundTrip: boolean) {
  const step = (state: DeviceStatisticsState) =>
    roundTrip ? (JSON.parse(JSON.stringify(state)) as DeviceStatisticsState) : state;
  let state = initialDeviceStatistics();
  const codes: string[] = [];
  const ids: string[] = [];
  const record = (result: {
    alerts: Array<{ id: string; code: string }>;
    cleared: Array<{ id: string; code: string }>;
  }) => {
    codes.push(...result.alerts.map((a) => a.code), ...result.cleared.map((c) => `cleared ${c.code}`));
    ids.push(...result.alerts.map((a) => a.id), ...result.cleared.map((c) => c.id));
  };
  for (const packet of traffic) {
    const result = updateDeviceStatistics(step(state), { packet, policy, devAddr: packet.devAddr });
    record(result);
    state = result.state;
  }
  for (const at of ['2024-03-01T10:00:00.000Z', '2024-03-01T10:30:00.000Z']) {
    const result = tickDeviceStatistics(step(state), {
      at,
      policy,
      policyName: 'Default',
      dataSourceConnected: true,
    });
    record(result);
    state = result.state;
  }
  for (const packet of late) {
    const result = updateDeviceStatistics(step(state), { packet, policy, devAddr: packet.devAddr });
    record(result);
    state = result.state;
  }
  return { state, codes, ids };
}

describe('device statistics are deterministic', () => {
  it('raises every alert and clearance of the family over the scenario', () => {
    expect(scenario(false).codes).toEqual([
      'LAF-100',
      'LAF-103',
      'LAF-100',
      'LAF-101',
      'LAF-100',
      'LAF-401',
      // Back with the default -80 dBm: the average recovers above the minimum.
      'cleared LAF-401',
    ]);
  });

  it('given the same packets twice, then the same state, alerts and ids', () => {
    expect(scenario(false)).toEqual(scenario(false));
  });

  it('given the state stored as JSON between every step, then the same result', () => {
    expect(scenario(true)).toEqual(scenario(false));
  });

  it('keeps a state that survives JSON unchanged: no undefined, Map, Set or Date', () => {
    const { state } = runDevice([...traffic, ...late], policy);
    expect(JSON.parse(JSON.stringify(state))).toStrictEqual(state);
  });
});
