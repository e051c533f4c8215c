import type { PolicyView } from '@lorawatch/domain/policy';
import { alertId } from '../alert-draft';
import { secondsAfter } from '../testing/packet-factory';
import type { DeviceStatisticsState } from './device-statistics-state';
import { tickDeviceStatistics } from './laf-401-device-silent';
import {
  DEV_ADDR,
  DEV_EUI,
  downlink,
  everyPeriod,
  joinRequest,
  policyWith,
  runDevice,
  T0,
  uplink,
} from './testing/statistics-traffic';

const policy = policyWith();
const seconds = (at: number) => secondsAfter(T0, at);

function tick(
  state: DeviceStatisticsState,
  at: number,
  options: { connected?: boolean; with?: PolicyView } = {},
) {
  return tickDeviceStatistics(state, {
    at: seconds(at),
    policy: options.with ?? policy,
    policyName: 'Default',
    dataSourceConnected: options.connected ?? true,
  });
}

/** A device sending every 5 minutes: allowance max(1800, 300 / 0.05) = 6000 s with the default policy. */
const regular = everyPeriod(1, 12, 0, 300);
const lastAt = 11 * 300;

describe('LAF-401 device went silent', () => {
  it('given a regular device silent for less than its allowance, then it stays connected', () => {
    const step = tick(runDevice(regular).state, lastAt + 5900);
    expect(step.alerts).toEqual([]);
    expect(step.state.connected).toBe(true);
  });

  it('given a regular device silent for longer, then exactly one alert even when ticked again', () => {
    const { state } = runDevice(regular);
    const first = tick(state, lastAt + 6100);
    const second = tick(first.state, lastAt + 6400);
    const last = regular[regular.length - 1];

    expect(first.alerts).toHaveLength(1);
    expect(second.alerts).toEqual([]);
    expect(first.state.connected).toBe(false);
    expect(first.alerts[0]).toMatchObject({
      id: alertId('LAF-401', last.id),
      code: 'LAF-401',
      createdAt: seconds(lastAt + 6100),
      devEui: DEV_EUI,
      devAddr: DEV_ADDR,
      packet: last,
      parameters: {
        packet_id: last.id,
        last_activity: last.date,
        policy_name: 'Default',
        disconnection_sensitivity_value: 0.05,
      },
    });
    expect(first.alerts[0].parameters.activity_freq).toBeCloseTo(300, 6);
  });

  it('given the tick repeated from the persisted state after a restart, then the same alert id', () => {
    const { state } = runDevice(regular);
    const restored = JSON.parse(JSON.stringify(state)) as DeviceStatisticsState;
    expect(tick(restored, lastAt + 7000).alerts.map((a) => a.id)).toEqual(
      tick(state, lastAt + 6100).alerts.map((a) => a.id),
    );
  });

  it('given a short period, then min_activity_period is the allowance', () => {
    const { state } = runDevice(everyPeriod(1, 12, 0, 60));
    expect(tick(state, 660 + 1700).alerts).toEqual([]);
    expect(tick(state, 660 + 1900).alerts).toHaveLength(1);
  });

  it('given an irregular device, then it is marked disconnected later and never alerted on', () => {
    const intervals = [60, 900, 60, 900, 60, 900, 60, 900, 60, 900];
    const dates = intervals.reduce<number[]>((acc, gap) => [...acc, acc[acc.length - 1] + gap], [0]);
    const { state } = runDevice(dates.map((at, i) => uplink(i + 1, { at })));
    const freq = state.activityFreq ?? 0;
    const stdev = Math.sqrt(state.activityFreqVariance ?? 0);
    expect(stdev / freq).toBeGreaterThan(0.2);
    const last = dates[dates.length - 1];

    const beforeSpread = tick(state, last + freq / 0.05 + 10);
    expect(beforeSpread.state.connected).toBe(true);
    const after = tick(state, last + (freq + stdev) / 0.05 + 10);
    expect(after.state.connected).toBe(false);
    expect(after.alerts).toEqual([]);
  });

  it('given the data source disconnected, then the device is marked disconnected without alert', () => {
    const step = tick(runDevice(regular).state, lastAt + 6100, { connected: false });
    expect(step.alerts).toEqual([]);
    expect(step.state.connected).toBe(false);
  });

  it('given a device whose period is unknown, then no alert', () => {
    const step = tick(runDevice([uplink(1, { at: 0 })]).state, 1900);
    expect(step.alerts).toEqual([]);
    expect(step.state.connected).toBe(false);
  });

  it('given the device heard again after the alert, then LAF-401 is cleared once, and a new silence alerts again', () => {
    const silent = tick(runDevice(regular).state, lastAt + 6100).state;
    const back = [uplink(13, { at: lastAt + 9000 }), uplink(14, { at: lastAt + 9300 })];
    const { state, cleared } = runDevice(back, policy, silent);

    expect(cleared).toHaveLength(1);
    expect(cleared[0]).toMatchObject({
      code: 'LAF-401',
      reason: 'device transmitted again',
      packet: back[0],
      asset: { type: 'DEVICE', devEui: DEV_EUI, devAddr: DEV_ADDR },
    });
    expect(state.connected).toBe(true);
    // The outage is not taken for the device's usual interval.
    expect(state.activityFreq).toBeCloseTo(300, 6);
    const again = tick(state, lastAt + 9300 + 20000);
    expect(again.alerts.map((a) => a.id)).toEqual([alertId('LAF-401', back[1].id)]);
  });

  it('given a device disconnected without an alert, then its return clears nothing', () => {
    const silent = tick(runDevice(regular).state, lastAt + 6100, { connected: false }).state;
    const { state, cleared } = runDevice([uplink(13, { at: lastAt + 9000 })], policy, silent);
    expect(cleared).toEqual([]);
    expect(state.connected).toBe(true);
  });

  it('given a device reporting every hour, ticked between its uplinks, then it learns its period and a later silence alerts', () => {
    // Before its period is known the device counts as silent after min_activity_period (1800 s), so every tick
    // between two uplinks an hour apart marks it disconnected; the next uplink still measures the hour.
    let state = runDevice([uplink(1, { at: 0 })]).state;
    for (let frame = 2; frame <= 6; frame++) {
      const at = (frame - 1) * 3600;
      const ticked = tick(state, at - 1200);
      expect(ticked.alerts).toEqual([]);
      state = runDevice([uplink(frame, { at })], policy, ticked.state).state;
    }
    expect(state.connected).toBe(true);
    expect(state.activityFreq).toBeCloseTo(3600, 6);
    // Allowance max(1800, 3600 / 0.05) = 72,000 s after the last uplink.
    const last = 5 * 3600;
    expect(tick(state, last + 71_000).state.connected).toBe(true);
    expect(tick(state, last + 73_000).alerts.map((a) => a.code)).toEqual(['LAF-401']);
  });

  it('given a tight deviation tolerance, then a slightly irregular device is not alerted on', () => {
    const jitter = [0, 290, 600, 880, 1200, 1510, 1800, 2080, 2400, 2720];
    const { state } = runDevice(jitter.map((at, i) => uplink(i + 1, { at })));
    const strict = policyWith({ 'LAF-401': { deviation_tolerance: 0 } });
    expect(tick(state, 2720 + 20000).alerts).toHaveLength(1);
    expect(tick(state, 2720 + 20000, { with: strict }).alerts).toEqual([]);
  });

  it('given a join request after the alert, then the device is back; a downlink alone does not bring it back', () => {
    const silent = tick(runDevice(regular).state, lastAt + 6100).state;
    const downOnly = runDevice([downlink(40, { at: lastAt + 7000 })], policy, silent);
    expect(downOnly.cleared).toEqual([]);
    expect(downOnly.state.connected).toBe(false);
    const rejoined = runDevice([joinRequest(7, { at: lastAt + 7200 })], policy, downOnly.state);
    expect(rejoined.cleared.map((c) => c.code)).toEqual(['LAF-401']);
    expect(rejoined.state.connected).toBe(true);
  });
});
