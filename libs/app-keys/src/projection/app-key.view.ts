import type { CollectionSpec } from '@lorawatch/read-store/read-store.port';

/** One AppKey of an organisation's dictionary. */
export interface AppKeyView {
  /** `<organizationId>:<key>`: one document per key per organisation. */
  id: string;
  keyId: number;
  organizationId: number;
  key: string;
}

export const APP_KEYS: CollectionSpec = {
  name: 'app_keys',
  indexes: [{ fields: ['organizationId'] }],
};

export const appKeyDocId = (organizationId: number, key: string): string => `${organizationId}:${key}`;
