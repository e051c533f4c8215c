import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '@lorawatch/platform/auth/jwt-auth.guard';
import { AuditUnavailable, AuditVerifyService, type AuditVerifyAnswer } from '../../audit-verify.service';

const VERIFY_EXAMPLE = {
  ok: true,
  head_position: 48213,
  head_hash: '5f0c2a8e9d4b7c1e3a6f8b0d2c4e6a8b1d3f5a7c9e0b2d4f6a8c1e3b5d7f9a0c',
  checked_at: '2026-11-26T10:00:00.000Z',
  chain_start: { position: 0, at: '2026-01-05T08:00:00.000Z', reason: 'new store' },
  before_chain: 0,
};

/** The tamper-evident event record (docs/architecture.md, "Tamper evidence"): administrators check it. */
@ApiTags('audit')
@ApiBearerAuth()
@Controller('api/v1.0')
export class VerifyAuditController {
  constructor(private readonly audit: AuditVerifyService) {}

  @AdminOnly()
  @Get('audit/verify')
  @ApiOperation({
    summary: 'Verify the event record',
    description:
      'Walks the hash chain of the event store from its start to its head, recomputing every hash, in a worker ' +
      'thread. `ok` is false when a stored event no longer matches its hash or the hash before it: ' +
      '`first_bad_position` names the first such position and `head_position`/`head_hash` the last one that ' +
      'matched. Events recorded before the chain started (`chain_start`, at the migration that added it) are ' +
      'counted in `before_chain` and not covered. Requests made while a walk runs share its answer.',
  })
  @ApiResponse({
    status: 200,
    description: 'The verification',
    schema: {
      type: 'object',
      required: ['ok', 'head_position', 'head_hash', 'checked_at', 'chain_start', 'before_chain'],
      properties: {
        ok: { type: 'boolean' },
        head_position: { type: 'integer' },
        head_hash: { type: 'string', description: 'SHA-256, hexadecimal' },
        checked_at: { type: 'string', format: 'date-time' },
        first_bad_position: { type: 'integer', description: 'Only when ok is false' },
        problem: { type: 'string', description: 'Only when ok is false: why that position does not match' },
        chain_start: {
          type: 'object',
          nullable: true,
          properties: {
            position: { type: 'integer' },
            at: { type: 'string', format: 'date-time' },
            reason: { type: 'string', enum: ['new store', 'migration'] },
          },
        },
        before_chain: { type: 'integer' },
      },
      example: VERIFY_EXAMPLE,
    },
  })
  @ApiResponse({ status: 401, description: 'Not signed in' })
  @ApiResponse({ status: 403, description: 'Not an administrator' })
  @ApiResponse({
    status: 503,
    description: 'The record cannot be walked (no chain yet, or its event store is not reachable)',
  })
  async verifyAuditRecord(): Promise<AuditVerifyAnswer> {
    try {
      return await this.audit.verify();
    } catch (error) {
      if (error instanceof AuditUnavailable)
        throw new ServiceUnavailableException({ message: error.message });
      throw error;
    }
  }
}
