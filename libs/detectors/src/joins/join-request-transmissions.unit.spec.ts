import type { Packet } from '@lorawatch/domain/packet';
import { buildJoinRequest } from '@lorawatch/lorawan/build-frames';
import {
  COPY_WINDOW_SECONDS,
  MAX_COPIES_PER_TRANSMISSION,
  MAX_JOIN_REQUEST_AGE_SECONDS,
  MAX_JOIN_REQUEST_SNAPSHOTS,
  MAX_TRACKED_JOIN_REQUESTS,
  trackJoinRequest,
  type JoinRequestTransmission,
} from './join-request-transmissions';
import { packetFromPhy, secondsAfter } from '../testing/packet-factory';

const T0 = '2024-03-01T08:00:00.000Z';
const appKey = Buffer.alloc(16, 7);

function joinRequest(devNonce: number, at: number, gateway: string | null = 'aa555a0000000101'): Packet {
  const phy = buildJoinRequest({ appKey, joinEui: '70b3d57ed0000001', devEui: '70b3d54990000003', devNonce });
  return packetFromPhy(phy, { gateway, date: secondsAfter(T0, at) });
}

function track(packets: Packet[], maxDelay = 10): JoinRequestTransmission[] {
  return packets.reduce<JoinRequestTransmission[]>(
    (transmissions, packet) => trackJoinRequest(transmissions, packet, maxDelay).transmissions,
    [],
  );
}

describe('join request transmissions', () => {
  it('classifies first sightings, gateway copies, re-deliveries and replays', () => {
    const first = joinRequest(1, 0, 'aa555a0000000101');
    const kinds: string[] = [];
    let transmissions: JoinRequestTransmission[] = [];
    for (const packet of [
      first,
      joinRequest(1, 1, 'aa555a0000000102'),
      first,
      joinRequest(1, 2, 'aa555a0000000101'),
      joinRequest(2, 3),
    ]) {
      const tracked = trackJoinRequest(transmissions, packet, 10);
      kinds.push(tracked.sighting.kind);
      transmissions = tracked.transmissions;
    }
    expect(kinds).toEqual(['first', 'gateway-copy', 'redelivery', 'replay', 'first']);
  });

  it('keeps at most the configured number of join requests, with snapshots for the latest only', () => {
    const transmissions = track(
      Array.from({ length: MAX_TRACKED_JOIN_REQUESTS + 40 }, (_, n) => joinRequest(n, n * 60)),
    );
    expect(transmissions).toHaveLength(MAX_TRACKED_JOIN_REQUESTS);
    expect(transmissions[0].devNonce).toBe(40);
    expect(transmissions.filter((t) => t.packet !== null)).toHaveLength(MAX_JOIN_REQUEST_SNAPSHOTS);
    expect(transmissions.slice(-MAX_JOIN_REQUEST_SNAPSHOTS).every((t) => t.packet !== null)).toBe(true);
    // Copies only matter within the duplicate window.
    expect(transmissions.slice(0, -10).every((t) => t.copies.length === 0)).toBe(true);
    expect(transmissions[transmissions.length - 1].copies).toHaveLength(1);
    expect(COPY_WINDOW_SECONDS).toBeGreaterThanOrEqual(300);
  });

  it('forgets join requests older than the retention', () => {
    const transmissions = track([joinRequest(1, 0), joinRequest(2, MAX_JOIN_REQUEST_AGE_SECONDS + 1)]);
    expect(transmissions.map((t) => t.devNonce)).toEqual([2]);
  });

  it('caps the copies of one transmission', () => {
    const copies = Array.from({ length: MAX_COPIES_PER_TRANSMISSION + 5 }, (_, n) =>
      joinRequest(1, n * 0.01, `aa555a00000002${n.toString(16).padStart(2, '0')}`),
    );
    const transmissions = track(copies);
    expect(transmissions).toHaveLength(1);
    expect(transmissions[0].copies).toHaveLength(MAX_COPIES_PER_TRANSMISSION);
  });

  it('does not modify the list it is given', () => {
    const before = track([joinRequest(1, 0)]);
    const copy = JSON.parse(JSON.stringify(before)) as JoinRequestTransmission[];
    trackJoinRequest(before, joinRequest(1, 100), 10);
    expect(before).toStrictEqual(copy);
  });
});
