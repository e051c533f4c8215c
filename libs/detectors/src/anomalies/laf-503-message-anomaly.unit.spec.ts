import type { Packet } from '@lorawatch/domain/packet';
import { PolicyView } from '@lorawatch/domain/policy';
import { alertId } from '../alert-draft';
import { dataUpAt, DEV_EUI, GW_A, GW_B, runFamily } from '../joins/testing/device-frames';
import { initialMessageAnomaly, runMessageAnomalyDetector } from './laf-503-message-anomaly';
import { MAX_GATEWAYS_PER_SESSION, RSSI_PROFILE, SIZE_PROFILE } from './session-profile';

const policy = new PolicyView([]);
const PERIOD = 60;

/** A small deterministic wobble in −1..1, so tests never depend on randomness. */
const wobble = (i: number) => (((i * 7919) % 13) - 6) / 6;

interface Uplink {
  at: number;
  fCnt: number;
  rssi?: number;
  payloadBytes?: number;
  confirmed?: boolean;
  gateway?: string;
  devAddr?: string;
}

/** One uplink: the concentrator counter of each gateway runs from its own origin. */
function uplink(u: Uplink): Packet {
  const gateway = u.gateway ?? GW_A;
  const origin = gateway === GW_A ? 1_000_000 : 777_000_000;
  return dataUpAt(u.at, u.fCnt, {
    confirmed: u.confirmed ?? true,
    rssi: u.rssi ?? -80,
    payloadBytes: u.payloadBytes,
    gateway,
    devAddr: u.devAddr,
    tmst: (origin + Math.round(u.at * 1e6)) % 2 ** 32,
  });
}

/**
 * A steady device: a confirmed uplink every minute give or take a second, RSSI −80 ± 3 dB at gateway A, the
 * same size; every 40th frame is sent but not heard; gateway B also hears every third frame, a little later,
 * ~10 dB weaker.
 */
function steadyTraffic(count: number, options: { firstFCnt?: number; confirmed?: boolean } = {}) {
  const packets: Packet[] = [];
  const firstFCnt = options.firstFCnt ?? 0;
  const { confirmed } = options;
  for (let i = 1; i <= count; i += 1) {
    if (i % 40 === 0) continue;
    const fCnt = (firstFCnt + i) % 65536;
    const at = i * PERIOD + wobble(i);
    packets.push(uplink({ at, fCnt, rssi: -80 + Math.round(3 * wobble(i + 3)), confirmed }));
    if (i % 3 === 0) {
      packets.push(
        uplink({ at: at + 0.05, fCnt, rssi: -90 + Math.round(2 * wobble(i)), gateway: GW_B, confirmed }),
      );
    }
  }
  return { packets, lastFCnt: (firstFCnt + count) % 65536, lastAt: count * PERIOD };
}

const alertsOf = (run: ReturnType<typeof runFamily<unknown>>) => run.steps.flatMap((s) => s.alerts);

describe('LAF-503 anomaly in device message', () => {
  it('given a learned device that suddenly sends a different size, much stronger, after a counter jump: one alert', () => {
    const steady = steadyTraffic(401);
    const odd = uplink({
      at: steady.lastAt + PERIOD,
      fCnt: steady.lastFCnt + 40,
      rssi: -30,
      payloadBytes: 60,
    });
    const run = runFamily(
      runMessageAnomalyDetector,
      initialMessageAnomaly(),
      [...steady.packets, odd],
      policy,
    );

    const alerts = alertsOf(run);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      id: alertId('LAF-503', odd.id),
      code: 'LAF-503',
      packet: odd,
      devEui: DEV_EUI,
      parameters: { packet_id: odd.id, dev_eui: DEV_EUI, suspicious_variables: 'rssi,size,tdiff,cdiff' },
    });
    expect(alerts[0].parameters.size_score).toBe(0);
    expect(alerts[0].parameters.cdiff_score).toBe(0);
    expect(alerts[0].parameters.rssi_score as number).toBeLessThan(0.005);
  });

  it('given a steady device with jitter, lost frames, a second gateway and FCnt rolling over 65536: no alert', () => {
    const steady = steadyTraffic(600, { firstFCnt: 65200 });
    expect(steady.lastFCnt).toBeLessThan(65200);
    const run = runFamily(runMessageAnomalyDetector, initialMessageAnomaly(), steady.packets, policy);
    expect(alertsOf(run)).toEqual([]);
    // Every profile had learned enough to judge, so the silence is a verdict, not a lack of data.
    const session = run.state.session;
    const fitted = session?.rssi.filter((entry) => entry.profile.fit !== null).map((entry) => entry.gateway);
    expect(fitted?.sort()).toEqual([GW_A, GW_B]);
    expect([session?.size.table, session?.cdiff.table, session?.tdiff.median]).not.toContain(null);
  });

  it('given retransmissions of a confirmed uplink by the same gateway: no alert and nothing learned twice', () => {
    const steady = steadyTraffic(200);
    const last = steady.packets[steady.packets.length - 1];
    const retransmission = {
      ...last,
      id: `${last.id}-retx`,
      date: new Date(Date.parse(last.date) + 3000).toISOString(),
    };
    const before = runFamily(runMessageAnomalyDetector, initialMessageAnomaly(), steady.packets, policy);
    const after = runMessageAnomalyDetector(before.state, {
      packet: retransmission,
      policy,
      devAddr: last.devAddr,
    });
    expect(after.alerts).toEqual([]);
    expect(after.state).toEqual(before.state);
  });

  it('given the same traffic as unconfirmed uplinks: no alert and no profile', () => {
    const steady = steadyTraffic(400, { confirmed: false });
    const odd = uplink({
      at: steady.lastAt + PERIOD,
      fCnt: steady.lastFCnt + 40,
      rssi: -30,
      payloadBytes: 60,
      confirmed: false,
    });
    const run = runFamily(
      runMessageAnomalyDetector,
      initialMessageAnomaly(),
      [...steady.packets, odd],
      policy,
    );
    expect(alertsOf(run)).toEqual([]);
    expect(run.state).toEqual(initialMessageAnomaly());
  });

  it('given fewer odd variables than max_suspicious: no alert, unless the policy asks for fewer', () => {
    const steady = steadyTraffic(401);
    // Different size and a counter jump, but the usual signal and timing per step.
    const odd = uplink({ at: steady.lastAt + 3 * PERIOD, fCnt: steady.lastFCnt + 3, payloadBytes: 60 });
    const packets = [...steady.packets, odd];
    expect(alertsOf(runFamily(runMessageAnomalyDetector, initialMessageAnomaly(), packets, policy))).toEqual(
      [],
    );

    const twoAreEnough = new PolicyView([
      { alertTypeCode: 'LAF-503', enabled: true, parameters: { max_suspicious: 2 } },
    ]);
    const alerts = alertsOf(
      runFamily(runMessageAnomalyDetector, initialMessageAnomaly(), packets, twoAreEnough),
    );
    expect(alerts.map((a) => a.parameters.suspicious_variables)).toEqual(['size,cdiff']);
  });

  it('given two odd messages in a row: only the first alerts (the grace period starts over)', () => {
    const steady = steadyTraffic(401);
    const odd = (k: number) =>
      uplink({ at: steady.lastAt + k * PERIOD, fCnt: steady.lastFCnt + 40 * k, rssi: -30, payloadBytes: 60 });
    const run = runFamily(
      runMessageAnomalyDetector,
      initialMessageAnomaly(),
      [...steady.packets, odd(1), odd(2)],
      policy,
    );
    expect(alertsOf(run).map((a) => a.packet.id)).toEqual([odd(1).id]);
  });

  it('given a new DevAddr (a new session): profiles start over, so its first odd message is not judged', () => {
    const steady = steadyTraffic(401);
    const newSession = [
      uplink({ at: steady.lastAt + PERIOD, fCnt: 0, devAddr: '26019999', payloadBytes: 60, rssi: -30 }),
      uplink({ at: steady.lastAt + 2 * PERIOD, fCnt: 40, devAddr: '26019999', payloadBytes: 20, rssi: -100 }),
    ];
    const run = runFamily(
      runMessageAnomalyDetector,
      initialMessageAnomaly(),
      [...steady.packets, ...newSession],
      policy,
    );
    expect(alertsOf(run)).toEqual([]);
    expect(run.state.session?.devAddr).toBe('26019999');
    expect(run.state.session?.size.samples).toHaveLength(1);
  });

  it('learns timing from the concentrator counter: the tdiff profile fills and its median is the period', () => {
    const run = runFamily(
      runMessageAnomalyDetector,
      initialMessageAnomaly(),
      steadyTraffic(200).packets,
      policy,
    );
    expect(run.state.session?.tdiff.median).toBeCloseTo(PERIOD, 0);
  });

  it('keeps its state bounded: sample buffers below their batch size, at most 16 gateways', () => {
    const packets = steadyTraffic(300).packets.map((packet, i) => ({
      ...packet,
      gateway: `aa555a00000${1000 + (i % 40)}`,
    }));
    const { state } = runFamily(runMessageAnomalyDetector, initialMessageAnomaly(), packets, policy);
    const session = state.session;
    expect(session?.rssi.length).toBe(MAX_GATEWAYS_PER_SESSION);
    for (const entry of session?.rssi ?? [])
      expect(entry.profile.samples.length).toBeLessThan(RSSI_PROFILE.refitEvery);
    expect(session?.size.samples.length).toBeLessThan(SIZE_PROFILE.refitEvery);
  });

  it('is deterministic, and a JSON round trip of the state between packets changes nothing', () => {
    const steady = steadyTraffic(300);
    const odd = uplink({
      at: steady.lastAt + PERIOD,
      fCnt: steady.lastFCnt + 40,
      rssi: -30,
      payloadBytes: 60,
    });
    const packets = [...steady.packets, odd];
    const first = runFamily(runMessageAnomalyDetector, initialMessageAnomaly(), packets, policy);
    const second = runFamily(runMessageAnomalyDetector, initialMessageAnomaly(), packets, policy);
    const persisted = runFamily(runMessageAnomalyDetector, initialMessageAnomaly(), packets, policy, {
      roundTripState: true,
    });
    expect(second).toEqual(first);
    expect(persisted.steps.map((s) => s.alerts)).toEqual(first.steps.map((s) => s.alerts));
    expect(persisted.state).toEqual(first.state);
    expect(JSON.parse(JSON.stringify(first.state))).toEqual(first.state);
    expect(alertsOf(first)).toHaveLength(1);
  });
});
