import type { Packet } from '@lorawatch/domain/packet';

export const JOIN_ACCEPT_WINDOW_MS = 10_000;
/** Caps the memory one gateway can take (a join storm, or a flood of forged join requests). */
const MAX_PENDING_PER_GATEWAY = 256;

interface PendingJoinRequest {
  devEui: string;
  at: number;
}

/**
 * A join accept is encrypted, so it names no device. The network server sends it through the gateway that
 * heard the join request best, a few seconds later; so the newest join request heard by that gateway in
 * the last 10 s is, in practice, the device it answers. This attributes the DevEUI (marked as inferred).
 *
 * One instance per data source. No clock: time is the packets' event time (`date`). The event clock dates the
 * accept on the timeline of the gateway that heard the request, so a gateway clock off by minutes moves both
 * frames alike, and a backlog read in one go keeps the seconds between them. Deterministic, so a replay of the
 * same packets attributes the same way.
 */
export class JoinAcceptCorrelator {
  private readonly pendingByGateway = new Map<string, PendingJoinRequest[]>();

  constructor(private readonly windowMs: number = JOIN_ACCEPT_WINDOW_MS) {}

  /** Returns the packet, with `devEui` attributed when it is a join accept that matches a pending join request. */
  observe(packet: Packet): Packet {
    if (packet.gateway === null) return packet;
    const at = Date.parse(packet.date);
    if (Number.isNaN(at)) return packet;
    const pending = this.prune(packet.gateway, at);

    if (packet.mType === 'JoinRequest' && packet.devEui !== null) {
      pending.push({ devEui: packet.devEui, at });
      if (pending.length > MAX_PENDING_PER_GATEWAY) pending.shift();
      return packet;
    }
    if (packet.mType !== 'JoinAccept' || packet.direction !== 'down' || packet.devEui !== null) return packet;

    const index = newestAtOrBefore(pending, at);
    if (index < 0) return packet;
    const { devEui } = pending[index];
    // The device is answered: its earlier retries on this gateway must not claim a later accept.
    this.pendingByGateway.set(
      packet.gateway,
      pending.filter((entry) => entry.devEui !== devEui),
    );
    return { ...packet, devEui, devEuiInferred: true };
  }

  /** Join requests still waiting for an accept, over all gateways (for tests and metrics). */
  pendingCount(): number {
    let count = 0;
    for (const pending of this.pendingByGateway.values()) count += pending.length;
    return count;
  }

  private prune(gateway: string, now: number): PendingJoinRequest[] {
    const kept = (this.pendingByGateway.get(gateway) ?? []).filter(
      (entry) => now - entry.at <= this.windowMs,
    );
    this.pendingByGateway.set(gateway, kept);
    return kept;
  }
}

function newestAtOrBefore(pending: PendingJoinRequest[], at: number): number {
  for (let index = pending.length - 1; index >= 0; index -= 1) {
    if (pending[index].at <= at) return index;
  }
  return -1;
}
