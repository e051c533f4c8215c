import { useState } from 'react';
import { useServices } from '../../../lib/services-context';
import { getAssetHistory } from '../api/asset-history-api';
import { loadable$, refreshes$, type Loadable } from '../streams/loadable';
import type { AssetType } from '../types/asset-360';
import { HISTORY_PAGE_SIZE, type HistoryPage } from '../types/asset-history';
import { useLoadable } from './useLoadable';

/** The asset's history, newest first, a page at a time; live alerts bring new events. */
export function useAssetHistory(type: AssetType, id: string) {
  const { api, realtime } = useServices();
  const [page, setPage] = useState(0);
  const state: Loadable<HistoryPage> = useLoadable(
    (t: AssetType, i: string, p: number) =>
      loadable$(getAssetHistory(api, t, i, p + 1, HISTORY_PAGE_SIZE), refreshes$(realtime)),
    [type, id, page] as const,
  );
  return { state, page, setPage };
}
