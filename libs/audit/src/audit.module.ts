import { Module } from '@nestjs/common';
import { AuditController } from './audit.controller';
import { AuditVerifyService } from './audit-verify.service';
import { AuditEventsController } from './events/audit-events.controller';
import { AuditEventsService } from './events/audit-events.service';

/** Auditors' API: the tamper-evident record's verification and the history of one thing. */
@Module({
  controllers: [AuditController, AuditEventsController],
  providers: [AuditVerifyService, AuditEventsService],
})
export class AuditModule {}
