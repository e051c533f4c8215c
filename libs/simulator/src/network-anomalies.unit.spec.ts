import { verifyJoinRequestMic } from '@lorawatch/lorawan/join';
import type { AttackKind } from './attack-kinds';
import type { NetworkSimulatorOptions } from './network-simulator';
import {
  haversineMeters,
  isDataUp,
  runSimulation,
  type SimFrame,
  statsLocation,
} from './testing/simulated-traffic';

const BASE: NetworkSimulatorOptions = {
  devices: 12,
  gateways: 4,
  seed: 11,
  uplinkPeriodSeconds: 20,
  attackIntervalSeconds: 60,
};

const attacked = (kind: AttackKind, minutes = 30) => runSimulation({ ...BASE, attacks: [kind] }, minutes);

function victimsOf(run: ReturnType<typeof attacked>, kind: AttackKind) {
  return run.simulator.incidents().filter((incident) => incident.kind === kind);
}

function framesOf(frames: readonly SimFrame[], devEui: string | null) {
  return frames.filter((frame) => frame.message.devEui === devEui);
}

/** One entry per transmission: copies of a frame from several gateways within a second count once. */
function transmissions(frames: readonly SimFrame[]): SimFrame[] {
  return frames.filter(
    (frame, index) =>
      !frames
        .slice(0, index)
        .some((earlier) => earlier.phy.equals(frame.phy) && frame.at - earlier.at < 1000),
  );
}

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

describe('radio and availability anomalies', () => {
  it('gateway-move: a gateway reports a position kilometres from its own, then its own again', () => {
    const run = attacked('gateway-move');
    const stats = run.messages.filter((message) => message.kind === 'gateway-stats');
    const firstMove = run.simulator.incidents()[0].at.getTime();
    // Before any move, every gateway reports where it stands, and keeps reporting it.
    const home = new Map<string, { latitude: number; longitude: number }>();
    for (const report of stats.filter((message) => message.at.getTime() < firstMove).map(statsLocation)) {
      const known = home.get(report.gateway) ?? report;
      expect(haversineMeters(report, known)).toBeLessThan(1);
      home.set(report.gateway, known);
    }
    expect(home.size).toBe(BASE.gateways);
    const moved = stats.filter((message) => message.attack === 'gateway-move').map(statsLocation);
    expect(moved.length).toBeGreaterThan(0);
    for (const report of moved) {
      expect(haversineMeters(report, home.get(report.gateway) ?? report)).toBeGreaterThan(1900);
    }
    // Untagged stats after a move are the gateway back at home.
    for (const report of stats.filter((message) => message.attack === null).map(statsLocation)) {
      expect(haversineMeters(report, home.get(report.gateway) ?? report)).toBeLessThan(1);
    }
  });

  it('weak-signal: devices heard by one gateway only, averaging below -125 dBm and -15 dB', () => {
    const run = attacked('weak-signal');
    const weak = run.simulator.deviceProfiles().filter((profile) => profile.role === 'weak-signal');
    expect(weak.length).toBe(2);
    for (const profile of weak) {
      const incident = run.simulator.incidents().find((entry) => entry.devEui === profile.devEui);
      const since = incident?.at.getTime() ?? 0;
      const ups = framesOf(run.frames, profile.devEui).filter(
        (frame) => isDataUp(frame) && frame.at > since + 1000,
      );
      expect(ups.length).toBeGreaterThan(5);
      expect(new Set(ups.map((frame) => frame.gateway)).size).toBe(1);
      expect(mean(ups.map((frame) => frame.rssi ?? 0))).toBeLessThan(-125);
      expect(mean(ups.map((frame) => frame.snr ?? 0))).toBeLessThan(-15);
    }
  });

  it('packet-loss: a device whose counter jumps by 30-60 between heard frames, hundreds lost within minutes', () => {
    const run = attacked('packet-loss');
    const [victim] = victimsOf(run, 'packet-loss');
    const counters = transmissions(framesOf(run.frames, victim.devEui).filter(isDataUp))
      .filter((frame) => frame.at > victim.at.getTime())
      .map((frame) => frame.frame.fCount ?? 0);
    const gaps = counters.slice(1).map((count, index) => count - counters[index]);
    expect(gaps.length).toBeGreaterThan(10);
    expect(gaps.slice(1).every((gap) => gap >= 30 && gap <= 60)).toBe(true);
    // Within ten heard frames, more than the default 360 lost messages.
    expect(gaps.slice(0, 10).reduce((sum, gap) => sum + gap - 1, 0)).toBeGreaterThan(360);
  });

  it('retransmissions: the same frame again and again through the same gateway, seconds apart', () => {
    const run = attacked('retransmissions');
    const [victim] = victimsOf(run, 'retransmissions');
    const ups = framesOf(run.frames, victim.devEui).filter(
      (frame) => isDataUp(frame) && frame.at > victim.at.getTime(),
    );
    const best = ups[0].gateway;
    const byCounter = new Map<number, SimFrame[]>();
    for (const frame of ups.filter((candidate) => candidate.gateway === best)) {
      byCounter.set(frame.frame.fCount ?? -1, [...(byCounter.get(frame.frame.fCount ?? -1) ?? []), frame]);
    }
    const repeated = [...byCounter.values()].filter((copies) => copies.length > 1);
    expect(repeated.reduce((sum, copies) => sum + copies.length - 1, 0)).toBeGreaterThan(10);
    for (const copies of repeated) {
      expect(copies.every((copy) => copy.phy.equals(copies[0].phy))).toBe(true);
      expect(copies[0].frame.mType).toBe('ConfirmedDataUp');
      expect(copies[copies.length - 1].at - copies[0].at).toBeLessThan(15_000);
    }
  });

  it('device-silence: a device sends nothing after the silence point', () => {
    const run = attacked('device-silence', 60);
    const victims = victimsOf(run, 'device-silence');
    expect(victims.length).toBe(2);
    for (const victim of victims) {
      const own = framesOf(run.frames, victim.devEui);
      expect(own.some((frame) => frame.at < victim.at.getTime())).toBe(true);
      expect(own.some((frame) => frame.direction === 'up' && frame.at > victim.at.getTime() + 100)).toBe(
        false,
      );
    }
  });

  it('gateway-silence: a gateway relays nothing and reports no stats after the silence point', () => {
    const run = attacked('gateway-silence', 60);
    const [victim] = victimsOf(run, 'gateway-silence');
    const onGateway = run.messages.filter((message) => message.topic.split('/')[1] === victim.gatewayEui);
    expect(onGateway.some((message) => message.kind === 'gateway-stats' && message.at < victim.at)).toBe(
      true,
    );
    expect(onGateway.some((message) => message.at.getTime() > victim.at.getTime() + 100)).toBe(false);
    // The other gateways go on.
    expect(
      run.messages.filter((message) => message.kind === 'gateway-stats' && message.at > victim.at).length,
    ).toBeGreaterThan(30);
  });

  it('failed-joins: more than ten join requests in a row, fresh nonces, valid MICs, never answered', () => {
    const run = attacked('failed-joins');
    const [victim] = victimsOf(run, 'failed-joins');
    const appKey = Buffer.from(
      run.simulator.deviceProfiles().find((profile) => profile.devEui === victim.devEui)?.appKey ?? '',
      'hex',
    );
    const since = framesOf(run.frames, victim.devEui).filter((frame) => frame.at >= victim.at.getTime());
    const requests = transmissions(since.filter((frame) => frame.frame.mType === 'JoinRequest'));
    expect(requests.length).toBeGreaterThan(10);
    expect(new Set(requests.map((frame) => frame.frame.devNonce)).size).toBe(requests.length);
    expect(requests.every((frame) => verifyJoinRequestMic(appKey, frame.phy))).toBe(true);
    expect(since.some((frame) => frame.direction === 'down' || isDataUp(frame))).toBe(false);
    // Eleven of them within a few minutes.
    expect(requests[10].at - requests[0].at).toBeLessThan(4 * 60_000);
  });

  it('join-storm: a device rejoining every few minutes, and one that keeps its old session after a join', () => {
    const run = attacked('join-storm', 40);
    const [storm, ...keepers] = victimsOf(run, 'join-storm');
    const stormJoins = transmissions(
      framesOf(run.frames, storm.devEui).filter((frame) => frame.frame.mType === 'JoinRequest'),
    ).filter((frame) => frame.at >= storm.at.getTime());
    expect(stormJoins.length).toBeGreaterThan(5);
    const gaps = stormJoins.slice(1).map((frame, index) => frame.at - stormJoins[index].at);
    expect(gaps.every((gap) => gap >= 100_000 && gap <= 260_000)).toBe(true);
    expect(
      framesOf(run.frames, storm.devEui).filter(
        (frame) => frame.frame.mType === 'JoinAccept' && frame.at >= storm.at.getTime(),
      ).length,
    ).toBe(stormJoins.length);

    expect(keepers.length).toBeGreaterThan(0);
    for (const keeper of keepers) {
      const own = framesOf(run.frames, keeper.devEui);
      const request = own.find(
        (frame) => frame.frame.mType === 'JoinRequest' && frame.at >= keeper.at.getTime(),
      );
      const accepted = own.some(
        (frame) => frame.frame.mType === 'JoinAccept' && frame.at > (request?.at ?? Infinity),
      );
      expect(accepted).toBe(true);
      const before = own.filter((frame) => isDataUp(frame) && frame.at < keeper.at.getTime()).at(-1);
      const next = own.find((frame) => isDataUp(frame) && frame.at > (request?.at ?? Infinity));
      expect(next?.frame.fCount).toBeGreaterThan(16);
      expect(next?.frame.devAddr).toBe(before?.frame.devAddr);
    }
  });
});
