import { Module } from '@nestjs/common';
import { AuditController } from './audit.controller';
import { AuditVerifyService } from './audit-verify.service';

/** Auditors' API: the tamper-evident record's verification. */
@Module({
  controllers: [AuditController],
  providers: [AuditVerifyService],
})
export class AuditModule {}
