import { Controller, Get, Param, UseFilters } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AdminOnly, CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { WhatIfService, type WhatIfJobJson } from '../../what-if.service';
import { WhatIfValidationFilter } from '../../what-if-validation.filter';
import { JOB_EXAMPLE, RESULT_SCHEMA } from '../../what-if-job.openapi';

/** A what-if run (docs/api.md, "What if"): its progress, then its comparison or why it failed. Administrators only. */
@ApiTags('what-if')
@ApiBearerAuth()
@Controller('api/v1.0')
@UseFilters(WhatIfValidationFilter)
export class GetWhatIfController {
  constructor(private readonly whatIf: WhatIfService) {}

  @AdminOnly()
  @Get('what_if/:id')
  @ApiOperation({
    summary: 'A what-if run',
    description:
      'Its progress (records of the packet log read) while it runs, then the comparison (`result`) or why it ' +
      'failed (`error`). Finished runs are kept for an hour.',
  })
  @ApiParam({ name: 'id', type: String })
  @ApiResponse({
    status: 200,
    description: 'The run',
    schema: {
      type: 'object',
      required: ['id', 'status', 'progress'],
      properties: {
        id: { type: 'string' },
        status: { type: 'string', enum: ['running', 'done', 'failed', 'cancelled'] },
        progress: {
          type: 'object',
          required: ['packets_read', 'packets_total'],
          properties: { packets_read: { type: 'integer' }, packets_total: { type: 'integer' } },
        },
        error: { type: 'string', description: 'Only when failed' },
        result: { ...RESULT_SCHEMA, description: 'Only when done' },
      },
      example: JOB_EXAMPLE,
    },
  })
  @ApiResponse({ status: 401, description: 'Not signed in' })
  @ApiResponse({ status: 403, description: 'Not an administrator' })
  @ApiResponse({
    status: 404,
    description: 'No such run for the organisation (or it ended over an hour ago)',
  })
  getWhatIf(@CurrentUser() user: AuthUser, @Param('id') id: string): WhatIfJobJson {
    return this.whatIf.status(user.organizationId, id);
  }
}
