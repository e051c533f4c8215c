import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { APP_KEYS, type AppKeyView } from './app-key.view';

/**
 * The keys each organisation asked to test its devices against, for the key audit. Cached per organisation
 * because every join request needs them; invalidate() when the app_keys projection commits.
 */
export class OrganizationAppKeys {
  private readonly cache = new Map<number, readonly string[]>();

  constructor(private readonly store: ReadStore) {
    store.collection<AppKeyView>(APP_KEYS);
  }

  async forOrganization(organizationId: number): Promise<readonly string[]> {
    const cached = this.cache.get(organizationId);
    if (cached) return cached;
    const docs = await this.store
      .collection<AppKeyView>(APP_KEYS)
      .find({ organizationId }, { sort: [['keyId', 'asc']] });
    const keys = docs.map((doc) => doc.key);
    this.cache.set(organizationId, keys);
    return keys;
  }

  invalidate(): void {
    this.cache.clear();
  }
}
