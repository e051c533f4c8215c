import { useObservable, useObservableCallback, useObservableState } from 'observable-hooks';
import { useServices } from '../../../lib/services-context';
import { createAssetSearch$, type SearchState } from '../streams/asset-search';

export function useAssetSearch() {
  const { api } = useServices();
  const [search, text$] = useObservableCallback<string>();
  const state$ = useObservable(() => createAssetSearch$(api, text$));
  const state = useObservableState<SearchState>(state$, { status: 'idle' });
  return { state, search };
}
