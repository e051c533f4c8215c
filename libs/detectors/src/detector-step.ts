import type { AlertDraft } from '@lorawatch/domain/alert';
import type { AlertCode } from '@lorawatch/domain/alert-catalogue';
import type { Packet } from '@lorawatch/domain/packet';
import type { PolicyView } from '@lorawatch/domain/policy';
import { alertId } from './alert-draft';

/**
 * The contract every detector family follows (docs/architecture.md §5): `(state, input) → { state, alerts, cleared }`, pure and
 * deterministic. State is plain JSON. Alerts come out for every type the detector finds, enabled or not; detect()
 * applies the policy's switches, so a detector's memory stays true while it is switched off.
 */

/** The asset an issue is about: a device (DevEUI, or DevAddr while the DevEUI is unknown) or a gateway. */
export type IssueAsset =
  { type: 'DEVICE'; devEui: string | null; devAddr: string | null } | { type: 'GATEWAY'; gateway: string };

/**
 * Evidence that the condition behind an issue type no longer holds (docs/alert-catalogue.md §2.4, mechanism 1): the issue
 * tracker closes the asset's open issue of that type, if there is one, with reason "Correct" and raises LAF-600.
 * Detectors emit it only when they raised that type for the asset since the last clearance, so normal traffic
 * does not produce a stream of them.
 */
export interface IssueClearance {
  /** Deterministic, like alert ids: the same evidence gives the same id. */
  id: string;
  /** The issue type whose condition cleared. */
  code: AlertCode;
  organizationId: number;
  dataSourceId: number;
  asset: IssueAsset;
  /** Why, in a few words, for LAF-600's `resolution_reason` ("device sent a join request"). */
  reason: string;
  /** The packet that shows it; its date is when the issue closes. */
  packet: Packet;
}

export interface DetectorStep<TState> {
  state: TState;
  alerts: AlertDraft[];
  cleared: IssueClearance[];
}

/** What every per-packet detector family receives besides its own state. */
export interface DetectorInput {
  packet: Packet;
  policy: PolicyView;
  /** Session address of the device: the packet's, else the latest known (join requests carry none). */
  devAddr: string | null;
}

/** What every clock-tick detector family receives: time comes from the tick, never from a clock. */
export interface TickInput {
  /** ISO 8601: the watermark the tick judges at, in event time (docs/architecture.md §9), never the wall clock. */
  at: string;
  policy: PolicyView;
}

export function unchanged<TState>(state: TState): DetectorStep<TState> {
  return { state, alerts: [], cleared: [] };
}

export function deviceAsset(packet: Pick<Packet, 'devEui' | 'devAddr'>, devAddr: string | null): IssueAsset {
  return { type: 'DEVICE', devEui: packet.devEui, devAddr: packet.devAddr ?? devAddr };
}

export interface ClearanceInput {
  code: AlertCode;
  packet: Packet;
  asset: IssueAsset;
  reason: string;
}

export function clearance({ code, packet, asset, reason }: ClearanceInput): IssueClearance {
  return {
    id: alertId('cleared', code, packet.id),
    code,
    organizationId: packet.organizationId,
    dataSourceId: packet.dataSourceId,
    asset,
    reason,
    packet,
  };
}
