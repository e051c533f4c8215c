import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import type { KeyAuditBacklog } from '../../ports/key-audit-backlog.port';

/** Devices of the organisation whose join requests wait for the AppKey audit. */
export async function listKeyAuditQueue(keyAudit: KeyAuditBacklog, caller: AuthUser) {
  return { pending_devices: await keyAudit.pendingDevices(caller.organizationId) };
}
