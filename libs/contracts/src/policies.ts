import type { AlertType } from './alerts';

/** A policy's item for one alert type: every type is listed, as the detectors apply it (docs/api.md §8). */
export interface PolicyItem {
  id: number;
  enabled: boolean;
  /** Each parameter's value, or the catalogue default. */
  parameters: Record<string, number | string | null>;
  alertTypeCode: string;
  alertType: AlertType;
}

/** `GET policies` / `GET policies/{id}` (docs/api.md §8). */
export interface Policy {
  id: number;
  name: string;
  isDefault: boolean;
  organizationId: number | null;
  items: PolicyItem[];
  /** The caller's data sources bound to the policy. */
  dataCollectors: Array<{ id: number; name: string }>;
}
