import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { KEY_AUDIT_BACKLOG, type KeyAuditBacklog } from '../../ports/key-audit-backlog.port';
import { listKeyAuditQueue } from './list-key-audit-queue.read';

@ApiTags('AppKeys')
@Controller('api/v1.0')
export class ListKeyAuditQueueController {
  constructor(@Inject(KEY_AUDIT_BACKLOG) private readonly keyAudit: KeyAuditBacklog) {}

  /** Devices of the organisation whose join requests wait for the AppKey audit (the Policies screen's keys section). */
  @Get('app_keys/audit_queue')
  listKeyAuditQueue(@CurrentUser() user: AuthUser) {
    return listKeyAuditQueue(this.keyAudit, user);
  }
}
