import { Controller, Get, Query, UseFilters } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AdminOnly, CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { AuditEventsQuery, MAX_PAGE_SIZE } from '../../events/audit-events.query';
import { AuditEventsService, type AuditEventsPage } from '../../events/audit-events.service';
import { EVENTS_PAGE_EXAMPLE, EVENT_SCHEMA, FILTERS_DESCRIPTION } from '../../events/audit-events.openapi';

/** The auditors' history of an organisation, an asset or an alert, a page at a time (docs/api.md, "History of one thing"). */
@ApiTags('audit')
@ApiBearerAuth()
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class ListAuditEventsController {
  constructor(private readonly history: AuditEventsService) {}

  @AdminOnly()
  @Get('audit/events')
  @ApiOperation({
    summary: 'The history of one thing',
    description:
      `The organisation's events in position order (oldest first; \`order=desc\` for newest first). ${FILTERS_DESCRIPTION} ` +
      `Paging: \`page\` (1-based) and \`size\` (default 50, at most ${MAX_PAGE_SIZE}), or keyset paging with ` +
      '`after=<next_after of the page before>`, which costs the same at any depth.',
  })
  @ApiResponse({
    status: 200,
    description: 'A page of events',
    schema: {
      type: 'object',
      required: ['events', 'total_items', 'total_pages', 'next_after'],
      properties: {
        events: { type: 'array', items: EVENT_SCHEMA },
        total_items: { type: 'integer' },
        total_pages: { type: 'integer' },
        next_after: { type: 'integer', nullable: true },
      },
      example: EVENTS_PAGE_EXAMPLE,
    },
  })
  @ApiResponse({ status: 400, description: 'A filter or paging value that is not valid, with the reason' })
  @ApiResponse({ status: 401, description: 'Not signed in' })
  @ApiResponse({ status: 403, description: 'Not an administrator' })
  listAuditEvents(@CurrentUser() user: AuthUser, @Query() query: AuditEventsQuery): Promise<AuditEventsPage> {
    return this.history.page(user.organizationId, query);
  }
}
