import { Module } from '@nestjs/common';
import { VerifyAuditController } from './queries/verify-audit/verify-audit.controller';
import { AuditVerifyService } from './audit-verify.service';
import { AuditEventsService } from './events/audit-events.service';
import { ExportAuditEventsController } from './queries/export-audit-events/export-audit-events.controller';
import { ListAuditEventsController } from './queries/list-audit-events/list-audit-events.controller';

/**
 * Auditors' API: the tamper-evident record's verification and the history of one thing (a page of it, or all of it
 * as JSON Lines), one controller per use case.
 */
@Module({
  controllers: [VerifyAuditController, ListAuditEventsController, ExportAuditEventsController],
  providers: [AuditVerifyService, AuditEventsService],
})
export class AuditModule {}
