import { randomBytes } from 'node:crypto';
import type { AlertDraft } from '@lorawatch/domain/alert';
import type { Packet } from '@lorawatch/domain/packet';
import { buildJoinAccept, buildJoinRequest } from '@lorawatch/lorawan/build-frames';
import { hex } from '@lorawatch/lorawan/testing/fixtures';
import type { IssueClearance } from '../../detector-step';
import { policyEnabling } from '../../testing/fixture-packets';
import { attributedJoinAccept, packetFromPhy, secondsAfter } from '../../testing/packet-factory';
import { auditJoinKeys } from '../audit-join-keys';
import { initialKeyAuditState, type KeyAuditState } from '../key-audit-state';

/** One device's join traffic for the AppKey audit (LAF-008, LAF-009) and the audit run over it. */
export const T0 = '2024-03-01T08:00:00.000Z';
export const GW_A = 'aa555a0000000101';
export const GW_B = 'aa555a0000000102';
export const JOIN_EUI = '70b3d57ed0000001';
export const DEV_EUI = '70b3d54990000001';
export const WEAK_KEY = JOIN_EUI + DEV_EUI;
const policy = policyEnabling('LAF-008', 'LAF-009');

export interface Audit {
  state: KeyAuditState;
  alerts: AlertDraft[];
  cleared: IssueClearance[];
}

/** Runs the audit over packets in order, storing the state as JSON between packets as the runner does. */
export function audit(
  packets: readonly Packet[],
  organizationKeys: readonly string[] = [],
  from = initialKeyAuditState(),
): Audit {
  let state = from;
  const alerts: AlertDraft[] = [];
  const cleared: IssueClearance[] = [];
  for (const packet of packets) {
    const step = auditJoinKeys(state, { packet, policy, devAddr: null, organizationKeys });
    state = JSON.parse(JSON.stringify(step.state)) as KeyAuditState;
    alerts.push(...step.alerts);
    cleared.push(...step.cleared);
  }
  return { state, alerts, cleared };
}

export function joinRequest(appKey: string, devNonce: number, at: number, gateway = GW_A): Packet {
  const phy = buildJoinRequest({ appKey: hex(appKey), joinEui: JOIN_EUI, devEui: DEV_EUI, devNonce });
  return packetFromPhy(phy, { gateway, date: secondsAfter(T0, at) });
}

export function joinAccept(appKey: string, at: number, devAddr = '26011234'): Packet {
  const phy = buildJoinAccept({ appKey: hex(appKey), joinNonce: at, netId: '000013', devAddr });
  return attributedJoinAccept(phy, DEV_EUI, { gateway: GW_A, date: secondsAfter(T0, at + 5) });
}

export const codes = (alerts: AlertDraft[]) => alerts.map((alert) => alert.code);
export const randomKey = () => randomBytes(16).toString('hex');
