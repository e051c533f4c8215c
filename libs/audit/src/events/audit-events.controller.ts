import { Controller, Get, Query, Res, UseFilters } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AdminOnly, CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { AuditEventsQuery, MAX_PAGE_SIZE } from './audit-events.query';
import { AuditEventsService, type AuditEventsPage } from './audit-events.service';

const CAUSE_SCHEMA = {
  type: 'object',
  nullable: true,
  description:
    'What made the event happen: the packet a detector decided on, or the user whose command it records; null ' +
    'for events recorded before causes were kept and for the tracker’s own decisions',
  required: ['kind', 'id'],
  properties: {
    kind: { type: 'string', enum: ['packet', 'user'] },
    id: { oneOf: [{ type: 'string' }, { type: 'integer' }], description: 'The packet id or the user id' },
    data_collector_id: { type: 'integer', description: 'Packets only' },
    date: { type: 'string', format: 'date-time', description: 'Packets only: when the network saw it' },
    username: { type: 'string', description: 'Users only' },
  },
};

const EVENT_SCHEMA = {
  type: 'object',
  required: ['position', 'time', 'recorded_at', 'type', 'stream', 'data', 'cause'],
  properties: {
    position: { type: 'integer', description: 'Global position in the event store' },
    time: { type: 'string', format: 'date-time', description: 'When it happened' },
    recorded_at: { type: 'string', format: 'date-time', description: 'When the store recorded it' },
    type: { type: 'string', example: 'AlertResolved' },
    stream: { type: 'string', example: 'alert-4f1c…' },
    data: { type: 'object', description: 'The event as recorded' },
    cause: CAUSE_SCHEMA,
  },
};

const EXAMPLE: AuditEventsPage = {
  events: [
    {
      position: 1204,
      time: '2026-11-20T08:14:03.000Z',
      recorded_at: '2026-11-20T08:14:03.412Z',
      type: 'AlertRaised',
      stream: 'alert-9b2e0c7d',
      data: { code: 'LAF-001', devEui: '0004a30b001c0530' },
      cause: {
        kind: 'packet',
        id: '5d7e1f0a',
        data_collector_id: 3,
        date: '2026-11-20T08:14:03.000Z',
      },
    },
    {
      position: 1377,
      time: '2026-11-20T09:02:41.118Z',
      recorded_at: '2026-11-20T09:02:41.120Z',
      type: 'AlertResolved',
      stream: 'alert-9b2e0c7d',
      data: { comment: 'Replay test by the field team' },
      cause: { kind: 'user', id: 1, username: 'admin' },
    },
  ],
  total_items: 2,
  total_pages: 1,
  next_after: null,
};

const FILTERS_DESCRIPTION =
  'Filters: `from` / `to` (ISO 8601, inclusive, on when the store recorded the event, as `as_of` cuts the ' +
  'history: an event recorded after `to` is not listed, even about a packet dated before it), `type[]` (event types), ' +
  '`asset_type` (device or gateway) with an optional `asset_id` (inventory id), `alert_id`. Read from an index ' +
  'of the history kept by a projection, never from the event store.';

/** The auditors' history of an organisation, an asset or an alert (docs/api.md, "History of one thing"). */
@ApiTags('audit')
@ApiBearerAuth()
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class AuditEventsController {
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
      example: EXAMPLE,
    },
  })
  @ApiResponse({ status: 400, description: 'A filter or paging value that is not valid, with the reason' })
  @ApiResponse({ status: 401, description: 'Not signed in' })
  @ApiResponse({ status: 403, description: 'Not an administrator' })
  events(@CurrentUser() user: AuthUser, @Query() query: AuditEventsQuery): Promise<AuditEventsPage> {
    return this.history.page(user.organizationId, query);
  }

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
  async export(
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
