import { Body, Controller, HttpCode, Post, UseFilters } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AdminOnly, CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { WhatIfRequest } from '../../what-if.request';
import { WhatIfService } from '../../what-if.service';
import { WhatIfValidationFilter } from '../../what-if-validation.filter';
import { JOB_EXAMPLE } from '../../what-if-job.openapi';

/**
 * What if a policy had been in force (docs/api.md, "What if"): starts a sandbox replay of the stored packets through
 * the detectors, whose alerts are compared with those actually raised. Administrators only.
 */
@ApiTags('what-if')
@ApiBearerAuth()
@Controller('api/v1.0')
@UseFilters(WhatIfValidationFilter)
export class StartWhatIfController {
  constructor(private readonly whatIf: WhatIfService) {}

  @AdminOnly()
  @Post('what_if')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Try a policy on the stored packets',
    description:
      'Starts replaying the packets stored for the organisation’s data sources (or `data_collector_id` only) through ' +
      'the same detectors as the live ones, with the policy `policy_id` or the unsaved `policy`, and compares the ' +
      'alerts it would have raised between `from` and `to` with those actually raised. The packets before `from` ' +
      'are replayed too, so the detectors know the network as they did then. Nothing is recorded and nobody is ' +
      'notified. Runs in a worker thread; the answer is read with GET what_if/{id}. A request identical to a ' +
      'running one gets the id of that run. The weak-AppKey audit (LAF-008, LAF-009) is not replayed.',
  })
  @ApiResponse({
    status: 202,
    description: 'The run started',
    schema: {
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'string' } },
      example: { id: JOB_EXAMPLE.id },
    },
  })
  @ApiResponse({
    status: 400,
    description:
      'A body that is not valid (neither or both of policy_id and policy, from not before to, …), with the reason',
  })
  @ApiResponse({ status: 401, description: 'Not signed in' })
  @ApiResponse({ status: 403, description: 'Not an administrator' })
  @ApiResponse({ status: 404, description: 'The policy or data source is not one of the organisation’s' })
  @ApiResponse({ status: 503, description: 'The engines run on servers: what if needs the embedded ones' })
  startWhatIf(@CurrentUser() user: AuthUser, @Body() body: WhatIfRequest): Promise<{ id: string }> {
    return this.whatIf.start(user.organizationId, body);
  }
}
