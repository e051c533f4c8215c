import type { Packet } from '@lorawatch/domain/packet';

/**
 * What the AppKey audit remembers per device (stored by the key-audit runner, apart from the other detectors'
 * state, because it runs in its own consumer group). Plain JSON and small: the recovered key with the one join
 * request it came from, and a few dates and ids.
 */
export const KEY_AUDIT_STATE_VERSION = 1;

export interface RecoveredAppKey {
  /** 32 upper-case hex characters. */
  appKey: string;
  /** Candidate family that produced it ("organization", "eui-concatenations", "well-known", …). */
  family: string;
  /** The join request whose MIC the key reproduced (LAF-008's packet, LAF-009's `packet_id_1`). */
  joinRequest: Packet;
  /** LAF-009 was raised for this key: a second frame proved it. */
  confirmed: boolean;
}

export interface JoinRequestSeen {
  packetId: string;
  devNonce: number;
  date: string;
}

export interface KeyAuditState {
  version: typeof KEY_AUDIT_STATE_VERSION;
  recovered: RecoveredAppKey | null;
  /** The newest join request: the one an attributed join accept answers. */
  lastJoinRequest: JoinRequestSeen | null;
  /** The last search over every candidate that found nothing; the next waits FULL_SEARCH_INTERVAL_SECONDS. */
  lastFullSearch: { packetId: string; date: string } | null;
  /** Fingerprint of the organisation key list last tried, so an edited list is tried on the next join request. */
  organizationKeysTried: string | null;
}

export function initialKeyAuditState(): KeyAuditState {
  return {
    version: KEY_AUDIT_STATE_VERSION,
    recovered: null,
    lastJoinRequest: null,
    lastFullSearch: null,
    organizationKeysTried: null,
  };
}
