import type { Importance, Risk } from './risk';

/** Who resolved an alert. */
export interface AlertResolver {
  userId: number;
  username: string;
  fullName: string;
}

/** The alerts read model, as every context reads it (the alerts context writes it). */
export interface AlertView {
  /** Deterministic alert id (stream alert-<id>). */
  id: string;
  /** The API's integer id: the global position of the AlertRaised event, stable across replays. */
  numericId: number;
  code: string;
  /** The alert type's name as the console shows it (the code while the type is unknown), to order by it. */
  typeName: string;
  risk: Risk;
  organizationId: number;
  dataSourceId: number;
  createdAt: string;
  devEui: string | null;
  devAddr: string | null;
  gateway: string | null;
  parameters: Record<string, unknown>;
  /**
   * False while the alert is of an issue type and no issue was opened with it, and for good when an open issue
   * blocked it (docs/alert-catalogue.md §2.4). Only shown alerts are ever returned; documents without it count as shown.
   */
  show: boolean;
  resolved: boolean;
  resolvedAt: string | null;
  resolvedById: number | null;
  resolvedBy: AlertResolver | null;
  resolutionComment: string | null;
  /**
   * The asset the alert is about (`device:<dataSourceId>:<hex>` or `gateway:<dataSourceId>:<EUI>`), null when the
   * alert names none.
   */
  assetId: string | null;
  /** The asset's importance, following later changes of it; null when the alert names no asset. */
  assetImportance: Importance | null;
}

export const ALERTS = {
  name: 'alerts',
  indexes: [
    { fields: ['numericId'], unique: true },
    // The list's default order and the counts of partial hours read only this index, never the documents.
    {
      fields: ['organizationId', 'createdAt', 'numericId'],
      include: ['show', 'code', 'risk', 'resolved', 'dataSourceId'],
    },
    { fields: ['organizationId', 'code'] },
    // An asset's alerts, to follow a change of its importance.
    { fields: ['organizationId', 'assetId'] },
  ],
};

/** The read-store condition of every alert query: shown alerts only. */
export const SHOWN = { $ne: false } as const;
