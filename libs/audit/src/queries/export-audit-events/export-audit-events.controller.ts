import { Controller, Get, Query, Res, UseFilters } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AdminOnly, CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { AuditEventsQuery } from '../../events/audit-events.query';
import { AuditEventsService } from '../../events/audit-events.service';
import { EVENT_SCHEMA, FILTERS_DESCRIPTION } from '../../events/audit-events.openapi';

/** The auditors' history of an organisation, an asset or an alert as JSON Lines (docs/api.md, "History of one thing"). */
@ApiTags('audit')
@ApiBearerAuth()
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class ExportAuditEventsController {
  constructor(private readonly history: AuditEventsService) {}

  @AdminOnly()
  @Get('audit/events.jsonl')
  @ApiOperation({
    summary: 'The history of one thing, as JSON Lines',
    description:
      `Every event the same query matches (\`page\` and \`size\` are not read), one JSON object per line, ` +
      `streamed as it is read. ${FILTERS_DESCRIPTION}`,
  })
  @ApiProduces('application/x-ndjson')
  @ApiResponse({
    status: 200,
    description: 'One event per line, shaped as in audit/events',
    schema: EVENT_SCHEMA,
  })
  @ApiResponse({ status: 400, description: 'A filter value that is not valid, with the reason' })
  @ApiResponse({ status: 401, description: 'Not signed in' })
  @ApiResponse({ status: 403, description: 'Not an administrator' })
  async exportAuditEvents(
    @CurrentUser() user: AuthUser,
    @Query() query: AuditEventsQuery,
    @Res() response: Response,
  ): Promise<void> {
    const events = this.history.all(user.organizationId, query);
    // The first read checks the query: a refusal still answers 400 before anything is sent.
    let next = await events.next();
    response.status(200);
    response.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
    response.setHeader('Content-Disposition', 'attachment; filename="history.jsonl"');
    let closed = false;
    response.on('close', () => (closed = true));
    try {
      while (!next.done && !closed) {
        if (!response.write(`${JSON.stringify(next.value)}\n`)) await drained(response);
        next = await events.next();
      }
    } catch (error) {
      // The status is sent: a failure can only cut the answer short, which the client sees as such.
      response.destroy(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (!closed) response.end();
    else await events.return(undefined);
  }
}

/** Waits until the client has taken what was written (or has gone). */
function drained(response: Response): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.on('drain', done);
    response.on('close', done);
  });
}
