import { parseChirpstackV3Message } from '@lorawatch/ingest/chirpstack-v3/parse-chirpstack-v3-message';
import { createChirpstackV3Parser } from '@lorawatch/ingest/chirpstack-v3/chirpstack-v3-parser';
import type { IngestOutcome } from '@lorawatch/ingest/ingest-outcome';
import type { Packet } from '@lorawatch/domain/packet';
import { verifyDataFrameMic } from '@lorawatch/lorawan/data-frame-crypto';
import { decryptJoinAccept, deriveSessionKeys, verifyJoinRequestMic } from '@lorawatch/lorawan/join';
import { NetworkSimulator, type NetworkSimulatorOptions } from './network-simulator';
import type { SimMessage } from './sim-event';

const BASE: NetworkSimulatorOptions = {
  devices: 12,
  gateways: 4,
  seed: 42,
  attacks: [],
  uplinkPeriodSeconds: 30,
};
const CONTEXT = { dataSourceId: 1, organizationId: 1 };

/** Runs the simulation for a stretch of simulated time. */
function run(options: NetworkSimulatorOptions, minutes: number): SimMessage[] {
  const simulator = new NetworkSimulator(options);
  const end = simulator.startTime.getTime() + minutes * 60_000;
  const messages: SimMessage[] = [];
  while (simulator.now.getTime() < end) messages.push(...simulator.next());
  return messages;
}

function parse(message: SimMessage): IngestOutcome {
  return parseChirpstackV3Message(message.topic, message.payload, {
    ...CONTEXT,
    receivedAt: message.at.toISOString(),
  });
}

function packetOf(message: SimMessage): Packet {
  const outcome = parse(message);
  if (outcome.kind !== 'packets' || outcome.packets.length !== 1) throw new Error(JSON.stringify(outcome));
  return outcome.packets[0];
}

describe('NetworkSimulator', () => {
  it('is deterministic for a seed, and differs for another seed', () => {
    const fingerprint = (messages: SimMessage[]) =>
      messages.map(
        (message) => `${message.at.toISOString()} ${message.topic} ${message.payload.toString('base64')}`,
      );
    const first = fingerprint(run(BASE, 5));
    expect(fingerprint(run(BASE, 5))).toEqual(first);
    expect(fingerprint(run({ ...BASE, seed: 43 }, 5))).not.toEqual(first);
  });

  it('produces ChirpStack v3 messages that parse back, none malformed', () => {
    const messages = run({ ...BASE, attacks: ['join-replay', 'devnonce-repeat'] }, 15);
    const kinds = new Set<string>();
    for (const message of messages) {
      const outcome = parse(message);
      expect(outcome.kind).not.toBe('malformed');
      expect(outcome.kind).not.toBe('ignored');
      kinds.add(message.topic.split('/').slice(2).join('/'));
    }
    expect([...kinds].sort()).toEqual(['command/down', 'event/stats', 'event/up', 'state/conn']);
  });

  it('joins every device over OTAA with a valid MIC and a join accept 1–5 s later on its best gateway', () => {
    const simulator = new NetworkSimulator(BASE);
    const keys = new Map(simulator.deviceProfiles().map((profile) => [profile.devEui, profile]));
    const messages: SimMessage[] = [];
    while (simulator.now.getTime() < simulator.startTime.getTime() + 120_000)
      messages.push(...simulator.next());

    const joinRequests = messages.filter(
      (message) => message.kind === 'uplink' && packetOf(message).mType === 'JoinRequest',
    );
    const joinAccepts = messages.filter(
      (message) => message.kind === 'downlink' && packetOf(message).mType === 'JoinAccept',
    );
    expect(new Set(joinRequests.map((message) => message.devEui)).size).toBe(BASE.devices);
    expect(joinAccepts).toHaveLength(BASE.devices);

    for (const accept of joinAccepts) {
      const requests = joinRequests.filter((request) => request.devEui === accept.devEui);
      const packets = requests.map(packetOf);
      const profile = keys.get(packets[0].devEui ?? '');
      expect(
        verifyJoinRequestMic(
          Buffer.from(profile?.appKey ?? '', 'hex'),
          Buffer.from(packets[0].data, 'base64'),
        ),
      ).toBe(true);
      // The best gateway answers: the one that heard the join request loudest.
      const loudest = packets.reduce((a, b) => ((b.rssi ?? -999) > (a.rssi ?? -999) ? b : a));
      expect(packetOf(accept).gateway).toBe(loudest.gateway);
      const delay = accept.at.getTime() - new Date(packets[0].date).getTime();
      expect(delay).toBeGreaterThanOrEqual(1000);
      expect(delay).toBeLessThanOrEqual(5000);
    }
  });

  it('lets several gateways hear one frame, with per-gateway signal levels', () => {
    const uplinks = run(BASE, 10).filter((message) => message.kind === 'uplink');
    const byFrame = new Map<string, Packet[]>();
    for (const message of uplinks) {
      const packet = packetOf(message);
      byFrame.set(packet.data, [...(byFrame.get(packet.data) ?? []), packet]);
    }
    const multi = [...byFrame.values()].filter((copies) => copies.length > 1);
    expect(multi.length).toBeGreaterThan(0);
    for (const copies of multi) {
      expect(new Set(copies.map((packet) => packet.gateway)).size).toBe(copies.length);
      expect(new Set(copies.map((packet) => packet.id)).size).toBe(copies.length);
      expect(copies.every((packet) => packet.rssi !== null && packet.rssi < -20 && packet.rssi > -140)).toBe(
        true,
      );
    }
    expect(Math.max(...[...byFrame.values()].map((copies) => copies.length))).toBeLessThanOrEqual(3);
  });

  it('increases the frame counter of every session, with some confirmed uplinks that get an ACK', () => {
    const messages = run({ ...BASE, uplinkPeriodSeconds: 10 }, 10);
    const packets = messages
      .filter((message) => message.kind !== 'gateway-stats' && message.kind !== 'gateway-connection')
      .map(packetOf);
    const counters = new Map<string, number[]>();
    for (const packet of packets) {
      if (packet.direction !== 'up' || packet.devAddr === null || packet.fCount === null) continue;
      const seen = counters.get(packet.devAddr) ?? [];
      if (seen[seen.length - 1] !== packet.fCount) seen.push(packet.fCount);
      counters.set(packet.devAddr, seen);
    }
    expect(counters.size).toBe(BASE.devices);
    for (const fCounts of counters.values()) {
      expect(fCounts[0]).toBe(0);
      expect(fCounts).toEqual(fCounts.map((_count, index) => index));
    }
    expect(packets.some((packet) => packet.mType === 'ConfirmedDataUp')).toBe(true);
    expect(packets.some((packet) => packet.mType === 'UnconfirmedDataDown')).toBe(true);
  });

  it('runs the real OTAA key chain: uplink MICs verify with keys derived from the join', () => {
    const simulator = new NetworkSimulator({ ...BASE, devices: 1, gateways: 1 });
    const appKey = Buffer.from(simulator.deviceProfiles()[0].appKey, 'hex');
    const packets: Packet[] = [];
    while (
      !packets.some((packet) => packet.mType === 'UnconfirmedDataUp' || packet.mType === 'ConfirmedDataUp')
    ) {
      packets.push(
        ...simulator
          .next()
          .filter((message) => message.kind === 'uplink' || message.kind === 'downlink')
          .map(packetOf),
      );
    }
    const request = packets.find((packet) => packet.mType === 'JoinRequest');
    const accept = packets.find((packet) => packet.mType === 'JoinAccept');
    const uplink = packets[packets.length - 1];
    if (request?.devNonce == null || accept === undefined) throw new Error('no join in the simulation');

    const decrypted = decryptJoinAccept(appKey, Buffer.from(accept.data, 'base64'));
    expect(decrypted.micValid).toBe(true);
    expect(decrypted.devAddr).toBe(uplink.devAddr);
    const keys = deriveSessionKeys(appKey, decrypted.joinNonce, decrypted.netId, request.devNonce);
    expect(verifyDataFrameMic(keys.nwkSKey, Buffer.from(uplink.data, 'base64'))).toBe(true);
    expect(uplink.fCount).toBe(0);
  });

  it('publishes gateway stats with a fixed location, and the gateways online at start', () => {
    const simulator = new NetworkSimulator(BASE);
    const messages: SimMessage[] = [];
    while (simulator.now.getTime() < simulator.startTime.getTime() + 90_000)
      messages.push(...simulator.next());
    const online = messages.filter((message) => message.kind === 'gateway-connection');
    expect(online).toHaveLength(BASE.gateways);
    expect(online.every((message) => message.retain)).toBe(true);

    const locations = new Map<string, string>();
    for (const message of messages.filter((message) => message.kind === 'gateway-stats')) {
      const outcome = parse(message);
      if (outcome.kind !== 'gateway' || outcome.location === undefined)
        throw new Error(JSON.stringify(outcome));
      const location = JSON.stringify(outcome.location);
      expect(locations.get(outcome.gateway) ?? location).toBe(location);
      locations.set(outcome.gateway, location);
    }
    expect([...locations.keys()].sort()).toEqual(
      simulator
        .gatewayList()
        .map((gateway) => gateway.eui)
        .sort(),
    );
  });

  describe('attacks', () => {
    it('has none unless asked', () => {
      expect(run(BASE, 30).some((message) => message.attack !== null)).toBe(false);
    });

    it('join-replay: a captured join request again, verbatim, minutes later, on one gateway, at another level', () => {
      const messages = run({ ...BASE, attacks: ['join-replay'] }, 30);
      const replays = messages.filter((message) => message.attack === 'join-replay');
      expect(replays.length).toBeGreaterThan(0);
      expect(messages.some((message) => message.attack === 'devnonce-repeat')).toBe(false);
      for (const replay of replays) {
        const packet = packetOf(replay);
        expect(packet.mType).toBe('JoinRequest');
        const original = messages
          .filter((message) => message.attack === null && message.kind === 'uplink' && message.at < replay.at)
          .map(packetOf)
          .filter((candidate) => candidate.data === packet.data);
        expect(original.length).toBeGreaterThan(0);
        expect(replay.at.getTime() - new Date(original[0].date).getTime()).toBeGreaterThanOrEqual(60_000);
        expect(original.some((candidate) => Math.abs((candidate.rssi ?? 0) - (packet.rssi ?? 0)) < 10)).toBe(
          false,
        );
        // No join accept answers a replay.
        const after = messages.filter(
          (message) =>
            message.kind === 'downlink' &&
            message.at > replay.at &&
            message.at.getTime() < replay.at.getTime() + 6000,
        );
        expect(
          after.some(
            (message) => message.devEui === replay.devEui && packetOf(message).mType === 'JoinAccept',
          ),
        ).toBe(false);
      }
    });

    it('devnonce-repeat: the device joins again with a DevNonce it already used, and gets a join accept', () => {
      const messages = run({ ...BASE, attacks: ['devnonce-repeat'] }, 30);
      const repeats = messages.filter((message) => message.attack === 'devnonce-repeat');
      expect(messages.some((message) => message.attack === 'join-replay')).toBe(false);
      const requests = repeats.filter((message) => message.kind === 'uplink').map(packetOf);
      const accepts = repeats.filter((message) => message.kind === 'downlink').map(packetOf);
      expect(requests.length).toBeGreaterThan(0);
      expect(accepts.length).toBeGreaterThan(0);
      expect(accepts.every((packet) => packet.mType === 'JoinAccept')).toBe(true);
      for (const request of requests) {
        const earlier = messages
          .filter(
            (message) =>
              message.attack === null && message.kind === 'uplink' && message.devEui === request.devEui,
          )
          .map(packetOf)
          .filter((packet) => packet.mType === 'JoinRequest' && packet.date < request.date);
        expect(earlier.map((packet) => packet.devNonce)).toContain(request.devNonce);
      }
    });
  });

  it('lets the collector parser attribute the join accepts to their devices', () => {
    const parse = createChirpstackV3Parser();
    const simulator = new NetworkSimulator({ ...BASE, devices: 3 });
    const accepts: Packet[] = [];
    while (simulator.now.getTime() < simulator.startTime.getTime() + 60_000) {
      for (const message of simulator.next()) {
        const outcome = parse(message.topic, message.payload, {
          ...CONTEXT,
          receivedAt: message.at.toISOString(),
        });
        if (outcome.kind !== 'packets') continue;
        accepts.push(...outcome.packets.filter((packet) => packet.mType === 'JoinAccept'));
      }
    }
    expect(accepts.length).toBe(3);
    expect(accepts.every((packet) => packet.devEuiInferred && packet.devEui !== null)).toBe(true);
  });

  it('rejects bad options', () => {
    expect(() => new NetworkSimulator({ ...BASE, devices: 0 })).toThrow(/devices/);
    expect(() => new NetworkSimulator({ ...BASE, gateways: 1.5 })).toThrow(/gateways/);
    expect(() => new NetworkSimulator({ ...BASE, uplinkPeriodSeconds: 0 })).toThrow(/uplinkPeriodSeconds/);
  });
});
