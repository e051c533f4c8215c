import type { AuditEventsPage } from './audit-events.service';

/** The OpenAPI shapes of the history of one thing, which its page and its JSON Lines export both show. */
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

export const EVENT_SCHEMA = {
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

export const EVENTS_PAGE_EXAMPLE: AuditEventsPage = {
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

export const FILTERS_DESCRIPTION =
  'Filters: `from` / `to` (ISO 8601, inclusive, on when the store recorded the event, as `as_of` cuts the ' +
  'history: an event recorded after `to` is not listed, even about a packet dated before it), `type[]` (event types), ' +
  '`asset_type` (device or gateway) with an optional `asset_id` (inventory id), `alert_id`. Read from an index ' +
  'of the history kept by a projection, never from the event store.';
