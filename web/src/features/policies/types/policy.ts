import type { Risk } from '../../../lib/levels';

/** One parameter of an alert type (docs/console.md §3). */
export interface AlertParameterSchema {
  type: 'Float' | 'Integer' | string;
  minimum?: number | null;
  maximum?: number | null;
  default?: number | null;
  description?: string | null;
}

export interface PolicyAlertType {
  id?: number;
  code?: string;
  name: string;
  risk: Risk;
  description: string;
  parameters: Record<string, AlertParameterSchema> | null;
}

export interface PolicyItem {
  id?: number;
  enabled: boolean;
  alertTypeCode: string;
  alertType: PolicyAlertType;
  parameters: Record<string, number | string | null>;
}

/** `GET policies` / `GET policies/{id}` (docs/api.md §8). */
export interface Policy {
  id: number;
  name: string;
  isDefault: boolean;
  organizationId?: number | null;
  items: PolicyItem[];
  dataCollectors: { id: number; name: string }[];
}

/** A policy item body of POST/PUT policies. */
export interface PolicyItemPayload {
  id?: number;
  alertTypeCode: string;
  enabled: boolean;
  parameters: Record<string, number>;
}

/** `GET app_keys`. */
export interface AppKeysAnswer {
  limit?: number;
  count: number;
  keys: { id: number; key: string }[];
}

/** `GET app_keys/audit_queue`: devices of the organisation whose join requests wait for the AppKey audit. */
export interface AuditQueueAnswer {
  pending_devices: number;
}

/** The alert type whose item carries the organisation's key dictionary (docs/console.md §2). */
export const KEYS_DICTIONARY_CODE = 'LAF-009';
