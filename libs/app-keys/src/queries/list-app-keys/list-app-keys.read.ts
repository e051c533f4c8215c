import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { APP_KEYS_LIMIT } from '../../domain/app-key-list';
import { APP_KEYS, type AppKeyView } from '../../projection/app-key.view';

/** The organisation's AppKey dictionary with its limit and count (docs/api.md §12). */
export async function listAppKeys(store: ReadStore, caller: AuthUser) {
  const docs = await store
    .collection<AppKeyView>(APP_KEYS)
    .find({ organizationId: caller.organizationId }, { sort: [['keyId', 'asc']] });
  return {
    limit: APP_KEYS_LIMIT,
    count: docs.length,
    keys: docs.map((doc) => ({ id: doc.keyId, key: doc.key, organization_id: doc.organizationId })),
  };
}
