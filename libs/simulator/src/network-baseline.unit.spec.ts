import { verifyJoinRequestMic } from '@lorawatch/lorawan/join';
import { ATTACK_KINDS } from './attack-kinds';
import type { NetworkSimulatorOptions } from './network-simulator';
import {
  haversineMeters,
  isDataUp,
  runSimulation,
  type SimFrame,
  statsLocation,
} from './testing/simulated-traffic';
import { TUTORIAL_APP_KEY } from './weak-app-keys';

const BASE: NetworkSimulatorOptions = { devices: 12, gateways: 4, seed: 5, uplinkPeriodSeconds: 20 };
const MINUTES = 60;

describe('the baseline network shows none of the attacks', () => {
  const run = runSimulation(BASE, MINUTES);
  const end = run.simulator.startTime.getTime() + MINUTES * 60_000;
  const byDevice = new Map<string, SimFrame[]>();
  for (const frame of run.frames) {
    const devEui = frame.message.devEui ?? '';
    byDevice.set(devEui, [...(byDevice.get(devEui) ?? []), frame]);
  }
  /** One entry per transmission: the copies other gateways relayed within a second are dropped. */
  const transmissions = (frames: readonly SimFrame[]) =>
    frames.filter(
      (frame, index) =>
        index === 0 || !frames[index - 1].phy.equals(frame.phy) || frame.at - frames[index - 1].at > 1000,
    );

  it('is untagged, and no attack round ran', () => {
    expect(run.messages.every((message) => message.attack === null)).toBe(true);
    expect(run.simulator.incidents()).toEqual([]);
  });

  it('never repeats a frame later or through the same gateway (no replay, no retransmission)', () => {
    const seen = new Map<string, SimFrame[]>();
    for (const frame of run.frames) {
      const key = frame.phy.toString('hex');
      const earlier = seen.get(key) ?? [];
      for (const copy of earlier) {
        expect(copy.gateway).not.toBe(frame.gateway);
        expect(frame.at - copy.at).toBeLessThan(1000);
      }
      seen.set(key, [...earlier, frame]);
    }
  });

  it('joins every device once, answered, and counts its uplinks 0, 1, 2... on one DevAddr of its own', () => {
    const owners = new Map<string, string>();
    for (const [devEui, frames] of byDevice) {
      expect(frames.filter((frame) => frame.frame.mType === 'JoinRequest').length).toBeLessThanOrEqual(3);
      expect(transmissions(frames.filter((frame) => frame.frame.mType === 'JoinRequest'))).toHaveLength(1);
      expect(frames.filter((frame) => frame.frame.mType === 'JoinAccept')).toHaveLength(1);
      const ups = transmissions(frames.filter(isDataUp));
      expect(ups.map((frame) => frame.frame.fCount)).toEqual(ups.map((_frame, index) => index));
      const addresses = new Set(ups.map((frame) => frame.frame.devAddr ?? ''));
      expect(addresses.size).toBe(1);
      const [devAddr] = addresses;
      expect(owners.get(devAddr) ?? devEui).toBe(devEui);
      owners.set(devAddr, devEui);
    }
    expect(owners.size).toBe(BASE.devices);
  });

  it('keeps every device sending at a regular period until the end', () => {
    for (const frames of byDevice.values()) {
      const ups = transmissions(frames.filter(isDataUp));
      expect(end - (ups.at(-1)?.at ?? 0)).toBeLessThan(2 * 20_000);
      const gaps = ups.slice(1).map((frame, index) => frame.at - ups[index].at);
      const mean = gaps.reduce((sum, gap) => sum + gap, 0) / gaps.length;
      const deviation = Math.sqrt(gaps.reduce((sum, gap) => sum + (gap - mean) ** 2, 0) / gaps.length);
      expect(deviation / mean).toBeLessThan(0.2);
    }
  });

  it('hears every device well on its best gateway, and some frames on several gateways', () => {
    for (const frames of byDevice.values()) {
      const ups = frames.filter(isDataUp);
      const perGateway = new Map<string, SimFrame[]>();
      for (const frame of ups)
        perGateway.set(frame.gateway, [...(perGateway.get(frame.gateway) ?? []), frame]);
      const average = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
      const bestRssi = Math.max(
        ...[...perGateway.values()].map((copies) => average(copies.map((f) => f.rssi ?? -200))),
      );
      const bestSnr = Math.max(
        ...[...perGateway.values()].map((copies) => average(copies.map((f) => f.snr ?? -200))),
      );
      expect(bestRssi).toBeGreaterThan(-120);
      expect(bestSnr).toBeGreaterThan(-10);
      // Every gateway that hears it, not only the best: the signal detectors keep one average per gateway.
      for (const copies of perGateway.values()) {
        expect(average(copies.map((frame) => frame.rssi ?? -200))).toBeGreaterThan(-124);
        expect(average(copies.map((frame) => frame.snr ?? -200))).toBeGreaterThan(-12);
      }
    }
    const copies = new Map<string, number>();
    for (const frame of run.frames.filter(isDataUp))
      copies.set(frame.phy.toString('hex'), (copies.get(frame.phy.toString('hex')) ?? 0) + 1);
    expect([...copies.values()].filter((count) => count > 1).length).toBeGreaterThan(copies.size / 4);
  });

  it('keeps every gateway reporting stats, from where it stands', () => {
    const stats = run.messages.filter((message) => message.kind === 'gateway-stats');
    const home = new Map<string, { latitude: number; longitude: number }>();
    for (const report of stats.map(statsLocation)) {
      expect(haversineMeters(report, home.get(report.gateway) ?? report)).toBeLessThan(1);
      home.set(report.gateway, home.get(report.gateway) ?? report);
    }
    for (const gateway of run.simulator.gatewayList()) {
      const last = stats.filter((message) => message.topic.split('/')[1] === gateway.eui).at(-1);
      expect(end - (last?.at.getTime() ?? 0)).toBeLessThanOrEqual(30_000);
    }
  });

  it('provisions no device with a guessable AppKey', () => {
    for (const frame of run.frames.filter((candidate) => candidate.frame.mType === 'JoinRequest')) {
      const { joinEui, devEui } = frame.frame;
      const guesses = [
        Buffer.from(TUTORIAL_APP_KEY, 'hex'),
        Buffer.from(`${joinEui}${devEui}`, 'hex'),
        ...Array.from({ length: 256 }, (_unused, byte) => Buffer.alloc(16, byte)),
      ];
      expect(guesses.some((key) => verifyJoinRequestMic(key, frame.phy))).toBe(false);
    }
  });
});

describe('every attack at demo settings', () => {
  it('takes effect within five minutes of the start', () => {
    const run = runSimulation(
      {
        devices: 20,
        gateways: 3,
        seed: 99,
        uplinkPeriodSeconds: 10,
        attackIntervalSeconds: 40,
        attacks: ATTACK_KINDS,
      },
      5,
    );
    const seen = new Set(run.simulator.incidents().map((incident) => incident.kind));
    expect(ATTACK_KINDS.filter((kind) => !seen.has(kind))).toEqual([]);
    // Frames stay decodable whatever the mix.
    expect(run.frames.length).toBeGreaterThan(0);
  });

  it('is deterministic for a seed', () => {
    const options: NetworkSimulatorOptions = { ...BASE, attacks: ATTACK_KINDS, attackIntervalSeconds: 60 };
    const fingerprint = () =>
      runSimulation(options, 15).messages.map(
        (message) => `${message.at.toISOString()} ${message.topic} ${message.payload.toString('base64')}`,
      );
    expect(fingerprint()).toEqual(fingerprint());
  });
});
