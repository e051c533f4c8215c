import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import type { EventCause } from '@lorawatch/domain/event-envelope';
import {
  READ_STORE,
  type FieldCondition,
  type Filter,
  type ReadStore,
} from '@lorawatch/read-store/read-store.port';
import {
  alertKey,
  assetKey,
  assetTypeKey,
  AUDIT_ALERTS,
  AUDIT_EVENTS,
  AUDIT_KEYS,
  ORGANIZATION_KEY,
  type AuditAlertView,
  type AuditAssetType,
  type AuditEventView,
  type AuditKeyView,
} from './audit-event.view';
import { DEFAULT_PAGE_SIZE, type AuditEventsQuery } from './audit-events.query';

export interface AuditCauseJson {
  kind: 'packet' | 'user';
  /** The packet's id or the user's id. */
  id: string | number;
  data_collector_id?: number;
  date?: string;
  username?: string;
}

export interface AuditEventJson {
  position: number;
  time: string;
  recorded_at: string;
  type: string;
  stream: string;
  data: unknown;
  cause: AuditCauseJson | null;
}

export interface AuditEventsPage {
  events: AuditEventJson[];
  total_items: number;
  total_pages: number;
  /** The position to pass as `after` for the next page; null on the last one. */
  next_after: number | null;
}

/** A query checked and turned into one key of the index, with its conditions. */
interface Plan {
  filter: Filter;
  direction: 'asc' | 'desc';
  size: number;
  /** False when the filters cannot match anything (an alert of another asset). */
  possible: boolean;
}

const badRequest = (text: string) => new BadRequestException({ error: text, message: text });

/** The history of an organisation, of an asset or of an alert, read from the auditors' index. */
@Injectable()
export class AuditEventsService {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  async page(organizationId: number, query: AuditEventsQuery): Promise<AuditEventsPage> {
    const plan = await this.plan(organizationId, query);
    if (!plan.possible) return { events: [], total_items: 0, total_pages: 0, next_after: null };
    const keys = this.store.collection<AuditKeyView>(AUDIT_KEYS);
    const total = await keys.count(plan.filter);
    const rows = await keys.find(plan.filter, {
      sort: [['position', plan.direction]],
      limit: plan.size,
      ...(query.after !== undefined
        ? { after: [query.after, keyId(query.after, plan.filter.key as string)] }
        : { skip: ((query.page ?? 1) - 1) * plan.size }),
    });
    const events = await this.events(rows);
    const last = rows.at(-1);
    return {
      events,
      total_items: total,
      total_pages: Math.ceil(total / plan.size),
      next_after: rows.length === plan.size && last ? last.position : null,
    };
  }

  /** Every matching event, in the order asked, a batch at a time (the JSON Lines export). */
  async *all(organizationId: number, query: AuditEventsQuery): AsyncGenerator<AuditEventJson> {
    const plan = await this.plan(organizationId, { ...query, size: 500 });
    if (!plan.possible) return;
    const keys = this.store.collection<AuditKeyView>(AUDIT_KEYS);
    let after: number | undefined = query.after;
    for (;;) {
      const rows = await keys.find(plan.filter, {
        sort: [['position', plan.direction]],
        limit: plan.size,
        ...(after !== undefined ? { after: [after, keyId(after, plan.filter.key as string)] } : {}),
      });
      for (const event of await this.events(rows)) yield event;
      if (rows.length < plan.size) return;
      after = rows[rows.length - 1].position;
    }
  }

  private async plan(organizationId: number, query: AuditEventsQuery): Promise<Plan> {
    const from = query.from === undefined ? undefined : isoOf(query.from, 'from');
    const to = query.to === undefined ? undefined : isoOf(query.to, 'to', true);
    if (from !== undefined && to !== undefined && from > to) throw badRequest('from must be before to');
    const assetType = query.asset_type as AuditAssetType | undefined;
    if (query.asset_id !== undefined && assetType === undefined)
      throw badRequest('asset_id needs asset_type (device or gateway)');
    let possible = true;
    let key = ORGANIZATION_KEY;
    if (query.alert_id !== undefined) {
      key = alertKey(query.alert_id);
      if (assetType !== undefined) {
        // The alert's own asset decides whether an asset filter can match at all.
        const [alert] = await this.store
          .collection<AuditAlertView>(AUDIT_ALERTS)
          .find({ numericId: query.alert_id }, { limit: 1 });
        possible =
          alert !== undefined &&
          alert.assetType === assetType &&
          (query.asset_id === undefined || alert.assetId === query.asset_id);
      }
    } else if (assetType !== undefined) {
      key = query.asset_id !== undefined ? assetKey(assetType, query.asset_id) : assetTypeKey(assetType);
    }
    const filter: Filter = { organizationId, key };
    if (query.type) filter.type = { $in: query.type };
    // The bounds are on when the store recorded the event, as `as_of` cuts the history elsewhere: the events
    // recorded by `to` are the ones the read models as of `to` were built from, whatever their own time.
    const recorded: FieldCondition = {};
    if (from !== undefined) recorded.$gte = from;
    if (to !== undefined) recorded.$lte = to;
    if (from !== undefined || to !== undefined) filter.recordedAt = recorded;
    return {
      filter,
      direction: query.order === 'desc' ? 'desc' : 'asc',
      size: query.size ?? DEFAULT_PAGE_SIZE,
      possible,
    };
  }

  private async events(rows: AuditKeyView[]): Promise<AuditEventJson[]> {
    if (rows.length === 0) return [];
    const found = await this.store
      .collection<AuditEventView>(AUDIT_EVENTS)
      .find({ id: { $in: rows.map((row) => String(row.position)) } });
    const byId = new Map(found.map((event) => [event.id, event]));
    return rows.flatMap((row) => {
      const event = byId.get(String(row.position));
      return event ? [eventJson(event)] : [];
    });
  }
}

const keyId = (position: number, key: string): string => `${position}|${key}`;

/**
 * A bound as the index holds times (ISO 8601 UTC with milliseconds). A bare date as the upper bound covers its
 * whole day.
 */
function isoOf(value: string, name: string, upper = false): string {
  const bareDate = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const ms = Date.parse(bareDate ? `${value}T00:00:00.000Z` : value);
  if (Number.isNaN(ms)) throw badRequest(`${name} must be an ISO 8601 date or date-time`);
  return new Date(bareDate && upper ? ms + 86_399_999 : ms).toISOString();
}

export function eventJson(event: AuditEventView): AuditEventJson {
  return {
    position: event.position,
    time: event.time,
    recorded_at: event.recordedAt,
    type: event.type,
    stream: event.stream,
    data: event.data,
    cause: causeJson(event.cause),
  };
}

function causeJson(cause: EventCause | null): AuditCauseJson | null {
  if (!cause) return null;
  if (cause.kind === 'packet')
    return { kind: 'packet', id: cause.packetId, data_collector_id: cause.dataSourceId, date: cause.date };
  return { kind: 'user', id: cause.userId, username: cause.username };
}
