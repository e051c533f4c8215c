import type { EventCause } from '@lorawatch/domain/event-envelope';
import type { CollectionSpec } from '@lorawatch/read-store/read-store.port';

/** The kinds of assets the history names, as the inventory routes spell them. */
export type AuditAssetType = 'device' | 'gateway';
export const AUDIT_ASSET_TYPES: readonly AuditAssetType[] = ['device', 'gateway'];

/**
 * One event of an organisation's history, as the auditors' API lists it: a copy of the stored event with the
 * cause its metadata names (null for events recorded before causes were kept).
 */
export interface AuditEventView {
  /** The global position, as text. */
  id: string;
  position: number;
  organizationId: number;
  /** When it happened (the metadata's `occurredAt`: the packet's date for detectors' events), ISO 8601 UTC. */
  time: string;
  recordedAt: string;
  type: string;
  stream: string;
  data: unknown;
  cause: EventCause | null;
}

/**
 * Where an event shows: once in its organisation's whole history (`org`), once per asset kind it concerns
 * (`type:<device|gateway>`), once per asset (`asset:<type>:<API id>`) and once per alert (`alert:<API id>`). A
 * query reads one key in position order, so a page costs the same at any depth and no event shows twice.
 */
export interface AuditKeyView {
  /** `<position>|<key>` */
  id: string;
  organizationId: number;
  key: string;
  position: number;
  type: string;
  time: string;
  /** When the store recorded it, ISO 8601 UTC: what `from` and `to` bound, as `as_of` cuts the history. */
  recordedAt: string;
}

/** What the projection remembers of each alert, to file its later events (resolution, issue) under it and its asset. */
export interface AuditAlertView {
  /** The alert's document id (stream alert-<id>). */
  id: string;
  /** The API's alert id: the position of its AlertRaised. */
  numericId: number;
  assetType: AuditAssetType | null;
  /** The API's asset id, null when the alert names no asset. */
  assetId: number | null;
}

export const AUDIT_EVENTS: CollectionSpec = { name: 'audit_events' };

export const AUDIT_KEYS: CollectionSpec = {
  name: 'audit_keys',
  indexes: [{ fields: ['organizationId', 'key', 'position'], include: ['type', 'time', 'recordedAt'] }],
};

export const AUDIT_ALERTS: CollectionSpec = {
  name: 'audit_alerts',
  indexes: [{ fields: ['numericId'], unique: true }],
};

export const ORGANIZATION_KEY = 'org';
export const assetTypeKey = (type: AuditAssetType): string => `type:${type}`;
export const assetKey = (type: AuditAssetType, id: number): string => `asset:${type}:${id}`;
export const alertKey = (id: number): string => `alert:${id}`;
