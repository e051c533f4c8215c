import type { Packet } from '@lorawatch/domain/packet';
import type { DetectorInput, DetectorStep, IssueClearance } from '../detector-step';
import type { KeyAuditState } from './key-audit-state';
import type { KeySearchTask } from './key-search';

/**
 * The AppKey audit (LAF-008, LAF-009) is split in two so that the search can run on another thread: the plan
 * decides, from the state and the packet, either the whole step or the one search to run; applying the search's
 * result gives the step (app-keys/audit-join-keys.ts chains them).
 */
export type KeyAuditInput = DetectorInput & { organizationKeys: readonly string[] };

/** A search the audit needs, with what it takes to finish the step once its result is known. */
export interface PendingKeySearch {
  task: KeySearchTask;
  /** The device's state after the search when it finds nothing. */
  searched: KeyAuditState;
  /** Decided before the search: a confirmed key that stopped matching. */
  cleared: IssueClearance[];
  packet: Packet;
  devAddr: string | null;
}

export type KeyAuditPlan =
  { kind: 'decided'; step: DetectorStep<KeyAuditState> } | { kind: 'search'; search: PendingKeySearch };

export const decided = (step: DetectorStep<KeyAuditState>): KeyAuditPlan => ({ kind: 'decided', step });
