import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { requireMember } from '@lorawatch/assets';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { TAGS, tagJson, type TagView } from '@lorawatch/domain/tag.view';
import { unknownTag } from '../../commands/shared/tag-rejections';

/** One label of the organisation (docs/api.md §11); unknown or another organisation's tag is refused. */
export async function getTag(store: ReadStore, caller: AuthUser, tagId: number) {
  requireMember(caller);
  const tag = await store.collection<TagView>(TAGS).get(String(tagId));
  if (!tag || tag.organizationId !== caller.organizationId) throw unknownTag();
  return tagJson(tag);
}
