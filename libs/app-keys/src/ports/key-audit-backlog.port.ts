/**
 * What the app_keys endpoints read of the AppKey audit, which the detection runs with the organisation's keys: how
 * many of its devices wait for it. The process wires the audit's queue in (the app_keys context knows no detection).
 */
export interface KeyAuditBacklog {
  /** Devices of the organisation whose join requests wait for the audit. */
  pendingDevices(organizationId: number): Promise<number>;
}

export const KEY_AUDIT_BACKLOG = Symbol('KEY_AUDIT_BACKLOG');
