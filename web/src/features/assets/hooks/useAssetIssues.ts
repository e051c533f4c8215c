import { useState } from 'react';
import { useServices } from '../../../lib/services-context';
import { getAssetIssues } from '../api/assets-api';
import { loadable$, refreshes$, type Loadable } from '../streams/loadable';
import type { AssetIssuesPage, AssetType } from '../types/asset-360';
import { ISSUES_PAGE_SIZE } from '../types/asset-view-constants';
import { useLoadable } from './useLoadable';

/** Open issues of the asset, 5 a page, newest `since` first; live alerts may open new ones. */
export function useAssetIssues(type: AssetType, id: string) {
  const { api, realtime } = useServices();
  const [page, setPage] = useState(0);
  const state: Loadable<AssetIssuesPage> = useLoadable(
    (t: AssetType, i: string, p: number) =>
      loadable$(getAssetIssues(api, t, i, p + 1, ISSUES_PAGE_SIZE), refreshes$(realtime)),
    [type, id, page] as const,
  );
  return { state, page, setPage };
}
