import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseFilters } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AdminOnly, CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { WhatIfRequest } from './what-if.request';
import { WhatIfService, type WhatIfJobJson } from './what-if.service';
import { WHAT_IF_LIST_LIMIT } from './what-if-result';
import { WhatIfValidationFilter } from './what-if-validation.filter';

const ALERT_SCHEMA = {
  type: 'object',
  required: ['id', 'code', 'created_at', 'dev_eui', 'gateway', 'data_collector_id'],
  properties: {
    id: { type: 'string', description: 'The deterministic alert id (stream alert-<id>)' },
    code: { type: 'string', example: 'LAF-400' },
    created_at: { type: 'string', format: 'date-time' },
    dev_eui: { type: 'string', nullable: true },
    gateway: { type: 'string', nullable: true },
    data_collector_id: { type: 'integer' },
  },
};

const RESULT_SCHEMA = {
  type: 'object',
  required: ['from', 'to', 'packets', 'by_code', 'added', 'gone', 'unchanged'],
  properties: {
    from: { type: 'string', format: 'date-time' },
    to: { type: 'string', format: 'date-time' },
    packets: { type: 'integer', description: 'Packets of the data sources in scope dated within the range' },
    by_code: {
      type: 'array',
      items: {
        type: 'object',
        required: ['code', 'added', 'gone', 'unchanged'],
        properties: {
          code: { type: 'string' },
          added: { type: 'integer' },
          gone: { type: 'integer' },
          unchanged: { type: 'integer' },
        },
      },
    },
    added: {
      type: 'array',
      items: ALERT_SCHEMA,
      description: `Alerts only the policy tried raises, oldest first (at most ${WHAT_IF_LIST_LIMIT})`,
    },
    gone: {
      type: 'array',
      items: ALERT_SCHEMA,
      description: `Alerts actually raised that the policy tried does not raise, oldest first (at most ${WHAT_IF_LIST_LIMIT})`,
    },
    unchanged: { type: 'integer', description: 'Alerts raised both ways' },
  },
};

const JOB_EXAMPLE: WhatIfJobJson = {
  id: '0b6f9f2e-3c1d-4e57-9a0e-2f1d7c5b8a41',
  status: 'done',
  progress: { packets_read: 86400, packets_total: 86400 },
  result: {
    from: '2026-11-19T10:00:00.000Z',
    to: '2026-11-20T10:00:00.000Z',
    packets: 14820,
    by_code: [
      { code: 'LAF-400', added: 0, gone: 3, unchanged: 0 },
      { code: 'LAF-402', added: 0, gone: 0, unchanged: 1 },
    ],
    added: [],
    gone: [
      {
        id: '5b299f9a9180854605417e81c1abcc79fec309a908b8832bfbabe637f4d3d442',
        code: 'LAF-400',
        created_at: '2026-11-19T13:02:11.000Z',
        dev_eui: '70b3d5a45d000000',
        gateway: 'b827ebfffe24d2b9',
        data_collector_id: 1,
      },
    ],
    unchanged: 1,
  },
};

/**
 * What if a policy had been in force (docs/api.md, "What if"): the stored packets replayed through the detectors in
 * a sandbox, and the alerts compared with those actually raised. Administrators only.
 */
@ApiTags('what-if')
@ApiBearerAuth()
@Controller('api/v1.0')
@UseFilters(WhatIfValidationFilter)
export class WhatIfController {
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
  start(@CurrentUser() user: AuthUser, @Body() body: WhatIfRequest): Promise<{ id: string }> {
    return this.whatIf.start(user.organizationId, body);
  }

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
  status(@CurrentUser() user: AuthUser, @Param('id') id: string): WhatIfJobJson {
    return this.whatIf.status(user.organizationId, id);
  }

  @AdminOnly()
  @Delete('what_if/:id')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Cancel a what-if run',
    description: 'Stops it if it still runs; a finished run stays.',
  })
  @ApiParam({ name: 'id', type: String })
  @ApiResponse({ status: 204, description: 'Cancelled (or already finished)' })
  @ApiResponse({ status: 401, description: 'Not signed in' })
  @ApiResponse({ status: 403, description: 'Not an administrator' })
  @ApiResponse({ status: 404, description: 'No such run for the organisation' })
  cancel(@CurrentUser() user: AuthUser, @Param('id') id: string): void {
    this.whatIf.cancel(user.organizationId, id);
  }
}
