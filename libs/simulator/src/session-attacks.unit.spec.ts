import { verifyDataFrameMic } from '@lorawatch/lorawan/data-frame-crypto';
import { decryptJoinAccept, verifyJoinRequestMic } from '@lorawatch/lorawan/join';
import { createChirpstackV3Parser } from '@lorawatch/ingest/chirpstack-v3/chirpstack-v3-parser';
import type { Packet } from '@lorawatch/domain/packet';
import type { AttackKind } from './attack-kinds';
import type { NetworkSimulatorOptions } from './network-simulator';
import { isDataDown, isDataUp, runSimulation, sessionAt, type SimFrame } from './testing/simulated-traffic';
import { TUTORIAL_APP_KEY } from './weak-app-keys';

const BASE: NetworkSimulatorOptions = {
  devices: 12,
  gateways: 4,
  seed: 7,
  uplinkPeriodSeconds: 20,
  attackIntervalSeconds: 60,
};

const attacked = (kind: AttackKind, minutes = 30) => runSimulation({ ...BASE, attacks: [kind] }, minutes);
const tagged = (frames: readonly SimFrame[], kind: AttackKind) =>
  frames.filter((frame) => frame.message.attack === kind);
const appKeyOf = (profiles: Array<{ devEui: string; appKey: string }>, devEui: string | null) =>
  Buffer.from(profiles.find((profile) => profile.devEui === devEui)?.appKey ?? '', 'hex');

describe('session and replay attacks', () => {
  it('uplink-replay: a data uplink heard again, byte for byte, at least a minute later, at another level', () => {
    const { frames } = attacked('uplink-replay');
    const replays = tagged(frames, 'uplink-replay');
    expect(replays.length).toBeGreaterThan(3);
    for (const replay of replays) {
      expect(isDataUp(replay)).toBe(true);
      const originals = frames.filter(
        (frame) => frame.message.attack === null && frame.at < replay.at && frame.phy.equals(replay.phy),
      );
      expect(originals.length).toBeGreaterThan(0);
      expect(replay.at - originals[0].at).toBeGreaterThanOrEqual(60_000);
      expect(originals.some((frame) => Math.abs((frame.rssi ?? 0) - (replay.rssi ?? 0)) < 10)).toBe(false);
    }
  });

  it('downlink-replay: a data downlink transmitted again through its gateway at least a minute later', () => {
    const { frames } = attacked('downlink-replay', 40);
    const replays = tagged(frames, 'downlink-replay');
    expect(replays.length).toBeGreaterThan(3);
    for (const replay of replays) {
      expect(isDataDown(replay)).toBe(true);
      const original = frames.find(
        (frame) => frame.message.attack === null && frame.at < replay.at && frame.phy.equals(replay.phy),
      );
      expect(original?.gateway).toBe(replay.gateway);
      expect(replay.at - (original?.at ?? Infinity)).toBeGreaterThanOrEqual(60_000);
    }
  });

  it('abp-reset: a device that never joins restarts its counter at 0 with the same DevAddr', () => {
    const { frames, simulator } = attacked('abp-reset');
    const abp = simulator.deviceProfiles().find((profile) => profile.activation === 'abp');
    const own = frames.filter((frame) => frame.message.devEui === abp?.devEui);
    expect(own.some((frame) => frame.frame.mType === 'JoinRequest')).toBe(false);
    expect(new Set(own.map((frame) => frame.frame.devAddr)).size).toBe(1);
    const counters = distinctCounters(own.filter(isDataUp));
    const resets = counters.filter((count, index) => index > 0 && count === 0 && counters[index - 1] > 0);
    expect(resets.length).toBeGreaterThan(1);
  });

  it('session-clone: a frame of the session with a counter already used, other content, valid MIC, same gateway', () => {
    const { frames, simulator } = attacked('session-clone');
    const clones = tagged(frames, 'session-clone');
    expect(clones.length).toBeGreaterThan(3);
    for (const clone of clones) {
      const appKey = appKeyOf(simulator.deviceProfiles(), clone.message.devEui);
      const session = sessionAt(frames, clone.message.devEui ?? '', appKey, clone.at);
      expect(session?.devAddr).toBe(clone.frame.devAddr);
      expect(verifyDataFrameMic(session?.nwkSKey ?? Buffer.alloc(16), clone.phy)).toBe(true);
      const earlier = frames.filter(
        (frame) =>
          frame.message.attack === null &&
          isDataUp(frame) &&
          frame.at < clone.at &&
          frame.gateway === clone.gateway &&
          frame.frame.devAddr === clone.frame.devAddr,
      );
      const last = earlier.at(-1);
      expect(clone.frame.fCount).toBeGreaterThan(8);
      expect(clone.frame.fCount).toBeLessThan(last?.frame.fCount ?? 0);
      const sameCounter = earlier.find((frame) => frame.frame.fCount === clone.frame.fCount);
      if (sameCounter !== undefined) expect(sameCounter.frame.mic).not.toBe(clone.frame.mic);
    }
  });

  it('shared-devaddr: a device joins and gets the DevAddr another device goes on using', () => {
    const { frames, simulator } = attacked('shared-devaddr');
    const accepts = tagged(frames, 'shared-devaddr').filter((frame) => frame.frame.mType === 'JoinAccept');
    expect(accepts.length).toBeGreaterThan(1);
    for (const accept of accepts) {
      const newcomer = accept.message.devEui;
      const { devAddr, micValid } = decryptJoinAccept(
        appKeyOf(simulator.deviceProfiles(), newcomer),
        accept.phy,
      );
      expect(micValid).toBe(true);
      const users = (when: (at: number) => boolean) =>
        new Set(
          frames
            .filter((frame) => isDataUp(frame) && frame.frame.devAddr === devAddr && when(frame.at))
            .map((frame) => frame.message.devEui),
        );
      const before = users((at) => at < accept.at);
      expect(before.size).toBeGreaterThan(0);
      expect(before.has(newcomer)).toBe(false);
      // Within three uplink periods both the newcomer and the earlier user transmit with it.
      const after = users((at) => at > accept.at && at < accept.at + 60_000);
      expect(after.has(newcomer)).toBe(true);
      expect([...before].some((devEui) => after.has(devEui))).toBe(true);
    }
  });

  it('shared-devaddr: with application events, the collector attributes one DevAddr to two DevEUIs', () => {
    const { messages } = runSimulation({ ...BASE, attacks: ['shared-devaddr'], applicationEvents: true }, 30);
    const parse = createChirpstackV3Parser();
    const packets: Packet[] = [];
    for (const message of messages) {
      const outcome = parse(message.topic, message.payload, {
        dataSourceId: 1,
        organizationId: 1,
        receivedAt: message.at.toISOString(),
      });
      if (outcome.kind === 'packets') packets.push(...outcome.packets);
    }
    const owners = new Map<string, Set<string>>();
    for (const packet of packets) {
      if (packet.direction !== 'up' || packet.devAddr === null || packet.devEui === null) continue;
      owners.set(packet.devAddr, (owners.get(packet.devAddr) ?? new Set()).add(packet.devEui));
    }
    expect([...owners.values()].some((devEuis) => devEuis.size === 2)).toBe(true);
  });

  it('weak-key: devices with guessable AppKeys join normally, with valid MICs and join accepts', () => {
    const { frames, simulator } = attacked('weak-key');
    const weak = simulator.deviceProfiles().filter((profile) => profile.role === 'weak-key');
    const keys = weak.map((profile) => profile.appKey);
    expect(keys).toContain(TUTORIAL_APP_KEY);
    expect(keys.some((key) => /^(..)\1{15}$/.test(key))).toBe(true);
    expect(weak.some((profile) => profile.appKey === `${profile.joinEui}${profile.devEui}`)).toBe(true);
    for (const profile of weak) {
      const own = frames.filter((frame) => frame.message.devEui === profile.devEui);
      const requests = own.filter((frame) => frame.frame.mType === 'JoinRequest');
      const accepts = own.filter((frame) => frame.frame.mType === 'JoinAccept');
      const appKey = Buffer.from(profile.appKey, 'hex');
      expect(requests.every((frame) => verifyJoinRequestMic(appKey, frame.phy))).toBe(true);
      expect(accepts.length).toBeGreaterThan(0);
      expect(accepts.every((frame) => decryptJoinAccept(appKey, frame.phy).micValid)).toBe(true);
      expect(own.some(isDataUp)).toBe(true);
    }
    // Joins keep coming at the attack interval: more material than the first join of each device.
    expect(
      frames.filter((f) => f.message.attack === 'weak-key' && f.frame.mType === 'JoinAccept').length,
    ).toBeGreaterThan(weak.length);
  });

  it('counter-wrap: an OTAA device passes 65535 and goes on at 0 without joining, MICs valid over the wrap', () => {
    const { frames, simulator } = attacked('counter-wrap');
    const victims = simulator.deviceProfiles().filter((profile) => profile.role === 'counter-wrap');
    expect(victims.length).toBeGreaterThan(0);
    for (const victim of victims) {
      const own = frames.filter((frame) => frame.message.devEui === victim.devEui);
      const ups = own.filter(isDataUp);
      const wrapAt = ups.findIndex(
        (frame, index) => index > 0 && frame.frame.fCount === 0 && ups[index - 1].frame.fCount === 65535,
      );
      expect(wrapAt).toBeGreaterThan(0);
      const [before, after] = [ups[wrapAt - 1], ups[wrapAt]];
      expect(after.frame.devAddr).toBe(before.frame.devAddr);
      expect(
        own.some(
          (frame) => frame.frame.mType === 'JoinRequest' && frame.at > before.at && frame.at <= after.at,
        ),
      ).toBe(false);
      const session = sessionAt(frames, victim.devEui, Buffer.from(victim.appKey, 'hex'), after.at);
      expect(verifyDataFrameMic(session?.nwkSKey ?? Buffer.alloc(16), before.phy, 0)).toBe(true);
      expect(verifyDataFrameMic(session?.nwkSKey ?? Buffer.alloc(16), after.phy, 1)).toBe(true);
    }
  });
});

/** The counters of a device's uplinks in order, one per transmission (copies from other gateways dropped). */
function distinctCounters(ups: readonly SimFrame[]): number[] {
  const counters: number[] = [];
  let last: Buffer | null = null;
  for (const frame of ups) {
    if (last !== null && frame.phy.equals(last)) continue;
    counters.push(frame.frame.fCount ?? -1);
    last = frame.phy;
  }
  return counters;
}
