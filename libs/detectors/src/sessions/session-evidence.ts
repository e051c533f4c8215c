import type { Packet } from '@lorawatch/domain/packet';
import { clearance, deviceAsset, type IssueClearance } from '../detector-step';
import { isJoin, type DataFrameFields } from './data-frame';

/**
 * Signs that the device started a new session: a join request, a join accept attributed to it, or a data frame
 * with another DevAddr. Each shows the device is OTAA and regenerates its keys, which is the condition behind
 * LAF-006 and LAF-011 no longer holding (docs/alert-catalogue.md §2.4 mechanism 1, LAF-006, LAF-011).
 */
export type ClearableCode = 'LAF-006' | 'LAF-011';
export const CLEARED_BY_NEW_SESSION: readonly ClearableCode[] = ['LAF-006', 'LAF-011'];

export interface NewSessionEvidence {
  kind: 'join' | 'new-address';
  /** LAF-600's resolution reason. */
  reason: string;
}

export function newSessionEvidence(
  packet: Packet,
  frame: DataFrameFields | null,
  knownDevAddr: string | null,
): NewSessionEvidence | null {
  if (packet.mType === 'JoinRequest') return { kind: 'join', reason: 'device sent a join request' };
  if (isJoin(packet)) return { kind: 'join', reason: 'device was sent a join accept' };
  if (frame !== null && knownDevAddr !== null && frame.devAddr !== knownDevAddr) {
    return { kind: 'new-address', reason: `device moved from DevAddr ${knownDevAddr} to ${frame.devAddr}` };
  }
  return null;
}

/** One clearance per issue type raised since its last clearance; nothing when none is open. */
export function clearancesFor(
  open: readonly ClearableCode[],
  evidence: NewSessionEvidence,
  packet: Packet,
  devAddr: string | null,
): IssueClearance[] {
  const asset = deviceAsset(packet, devAddr);
  return open.map((code) => clearance({ code, packet, asset, reason: evidence.reason }));
}
