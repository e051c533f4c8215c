import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { requireMember } from '@lorawatch/assets';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { TAGS, tagJson, type TagView } from '@lorawatch/domain/tag.view';

/** The organisation's labels (docs/api.md §11), by name; a caller without an organisation is refused. */
export async function listTags(store: ReadStore, caller: AuthUser) {
  requireMember(caller);
  const tags = await store
    .collection<TagView>(TAGS)
    .find({ organizationId: caller.organizationId }, { sort: [['name', 'asc']] });
  return tags.map(tagJson);
}
