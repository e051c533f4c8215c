import { useObservable, useObservableState } from 'observable-hooks';
import { EMPTY, map, of } from 'rxjs';
import { useServices } from '../../../lib/services-context';
import { getAssetInfo } from '../api/inventory-api';
import { loadEach, type Reloadable } from '../../../lib/reloadable';
import { assetTypeOf, type AssetInfo } from '../types/inventory';

/** The 360 information of the asset shown in the detail modal (its map and technical details). */
export function useAssetInfo(asset: { type: string; id: number } | null): Reloadable<AssetInfo | null> {
  const { api } = useServices();
  const key = asset ? `${assetTypeOf(asset)}:${asset.id}` : null;
  const info$ = useObservable(
    (inputs$) =>
      loadEach(
        inputs$.pipe(map(([current]) => current)),
        EMPTY,
        (current) => {
          if (current === null) return of(null);
          const [type, id] = current.split(':');
          return getAssetInfo(api, type === 'gateway' ? 'gateway' : 'device', Number(id));
        },
        null as AssetInfo | null,
      ),
    [key],
  );
  return useObservableState(info$, { status: 'loading', data: null });
}
