import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { TAGS, type TagView } from '@lorawatch/domain/tag.view';

/** Names in use in the organisation: a new or renamed tag must not repeat one. */
export async function takenNames(store: ReadStore, organizationId: number): Promise<string[]> {
  const tags = await store.collection<TagView>(TAGS).find({ organizationId });
  return tags.map((tag) => tag.name);
}
