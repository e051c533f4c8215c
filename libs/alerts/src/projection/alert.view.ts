import type { Risk } from '@lorawatch/domain/risk';

export interface AlertView {
  /** Deterministic alert id (stream alert-<id>). */
  id: string;
  /** The API's integer id: the global position of the AlertRaised event, stable across replays. */
  numericId: number;
  code: string;
  risk: Risk;
  organizationId: number;
  dataSourceId: number;
  createdAt: string;
  devEui: string | null;
  devAddr: string | null;
  gateway: string | null;
  parameters: Record<string, unknown>;
  resolved: boolean;
  resolvedAt: string | null;
  resolvedById: number | null;
  resolutionComment: string | null;
  assetImportance: 'LOW' | 'MEDIUM' | 'HIGH' | null;
}

export const ALERTS = {
  name: 'alerts',
  indexes: [
    { fields: ['numericId'], unique: true },
    { fields: ['organizationId', 'createdAt'] },
    { fields: ['organizationId', 'code'] },
  ],
};
