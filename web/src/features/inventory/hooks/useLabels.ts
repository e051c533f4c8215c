import { useObservable, useObservableCallback, useObservableState } from 'observable-hooks';
import { firstValueFrom, forkJoin, of } from 'rxjs';
import { isApiError } from '../../../lib/api';
import { useServices } from '../../../lib/services-context';
import { assignTag, createTag, deleteTag, getTags } from '../api/inventory-api';
import { createLabelFailure } from '../streams/label-rules';
import { loadEach, type Reloadable } from '../../../lib/reloadable';
import type { AssetRef, Tag } from '../types/inventory';

export type CreateLabelResult = { ok: true; tag: Tag } | { ok: false; message: string };

/** The organisation's labels, creating one, and putting labels on assets. */
export function useLabels() {
  const { api } = useServices();
  const [reload, reload$] = useObservableCallback<void>();
  const tags$ = useObservable(() => loadEach(of(null), reload$, () => getTags(api), [] as Tag[]));
  const tags: Reloadable<Tag[]> = useObservableState(tags$, { status: 'loading', data: [] });

  return {
    tags,
    async create(name: string, color: string): Promise<CreateLabelResult> {
      try {
        const tag = await firstValueFrom(createTag(api, name.trim(), color));
        reload();
        return { ok: true, tag };
      } catch (error) {
        return { ok: false, message: createLabelFailure(isApiError(error) ? error.body : null) };
      }
    },
    async remove(tagId: number): Promise<boolean> {
      try {
        await firstValueFrom(deleteTag(api, tagId));
        reload();
        return true;
      } catch {
        return false;
      }
    },
    async assign(tagIds: number[], assets: AssetRef[]): Promise<boolean> {
      try {
        await firstValueFrom(forkJoin(tagIds.map((id) => assignTag(api, id, assets))));
        return true;
      } catch {
        return false;
      }
    },
  };
}
