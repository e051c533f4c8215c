import type { Packet } from '@lorawatch/domain/packet';
import type { PolicyView } from '@lorawatch/domain/policy';
import { alertId } from '../alert-draft';
import { secondsAfter } from '../testing/packet-factory';
import type { GatewayStatisticsState } from './gateway-statistics-state';
import { tickGatewayStatistics } from './laf-403-gateway-silent';
import { downlink, GW_A, policyWith, runGateway, T0, uplink } from './testing/statistics-traffic';

const policy = policyWith();
const seconds = (at: number) => secondsAfter(T0, at);

function tick(
  state: GatewayStatisticsState,
  at: number,
  options: { connected?: boolean; with?: PolicyView } = {},
) {
  return tickGatewayStatistics(state, {
    at: seconds(at),
    policy: options.with ?? policy,
    policyName: 'Default',
    dataSourceConnected: options.connected ?? true,
  });
}

/** Gateway traffic every `period` seconds, alternating up and down. */
function relayed(count: number, period: number, start = 0): Packet[] {
  return Array.from({ length: count }, (_unused, i) =>
    i % 3 === 2 ? downlink(i, { at: start + i * period }) : uplink(i, { at: start + i * period }),
  );
}

describe('LAF-403 gateway went silent', () => {
  const traffic = relayed(20, 120);
  const lastAt = 19 * 120;

  it('counts packets up and down and measures the interval with LAF-403 weight', () => {
    const { state } = runGateway(traffic);
    expect(state.totals).toMatchObject({ PACKETS_UP: 14, PACKETS_DOWN: 6 });
    expect(state.activityFreq).toBeCloseTo(120, 6);

    // Weight 0 keeps only the latest interval; LAF-102's weight must not matter.
    const latestOnly = policyWith({
      'LAF-403': { moving_average_weight: 0 },
      'LAF-102': { moving_average_weight: 0.99 },
    });
    const uneven = [uplink(1, { at: 0 }), uplink(2, { at: 100 }), uplink(3, { at: 130 })];
    expect(runGateway(uneven, latestOnly).state.activityFreq).toBeCloseTo(30, 6);
  });

  it('given a message delivered twice, then it counts once', () => {
    const { state } = runGateway([traffic[0], traffic[0], traffic[1]]);
    expect(state.totals.PACKETS_UP).toBe(2);
  });

  it('given a gateway silent for less than its allowance, then no alert', () => {
    // Allowance max(1800, 120 / 0.05) = 2400 s.
    const step = tick(runGateway(traffic).state, lastAt + 2300);
    expect(step.alerts).toEqual([]);
    expect(step.state.connected).toBe(true);
  });

  it('given a gateway silent for longer, then one alert about the gateway, even when ticked twice', () => {
    const first = tick(runGateway(traffic).state, lastAt + 2500);
    const second = tick(first.state, lastAt + 5000);
    const last = traffic[traffic.length - 1];
    expect(first.alerts).toHaveLength(1);
    expect(second.alerts).toEqual([]);
    expect(first.alerts[0]).toMatchObject({
      id: alertId('LAF-403', last.id),
      code: 'LAF-403',
      createdAt: seconds(lastAt + 2500),
      gateway: GW_A,
      devEui: null,
      devAddr: null,
      packet: last,
      parameters: {
        gateway: GW_A,
        dev_eui: null,
        last_activity: last.date,
        policy_name: 'Default',
        disconnection_sensitivity_value: 0.05,
      },
    });
    expect(first.state.connected).toBe(false);
  });

  it('given the data source disconnected, then the gateway is marked disconnected without alert', () => {
    const step = tick(runGateway(traffic).state, lastAt + 2500, { connected: false });
    expect(step.alerts).toEqual([]);
    expect(step.state.connected).toBe(false);
  });

  it('given the gateway heard again after the alert, then LAF-403 is cleared once', () => {
    const silent = tick(runGateway(traffic).state, lastAt + 2500).state;
    const back = [uplink(90, { at: lastAt + 4000 }), uplink(91, { at: lastAt + 4100 })];
    const { state, cleared } = runGateway(back, policy, silent);
    expect(cleared).toHaveLength(1);
    expect(cleared[0]).toMatchObject({
      code: 'LAF-403',
      reason: 'gateway transmitted again',
      packet: back[0],
      asset: { type: 'GATEWAY', gateway: GW_A },
    });
    expect(state.connected).toBe(true);
  });

  it('given a gateway heard once, then min_activity_period applies', () => {
    const { state } = runGateway([uplink(1, { at: 0 })]);
    expect(tick(state, 1700).alerts).toEqual([]);
    expect(tick(state, 1900).alerts).toHaveLength(1);
  });
});
