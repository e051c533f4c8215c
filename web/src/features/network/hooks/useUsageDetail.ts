import { useObservable, useObservableState } from 'observable-hooks';
import { filter, map, NEVER } from 'rxjs';
import { asOfQuery } from '../../../components/shell/as-of';
import { useServices } from '../../../lib/services-context';
import { liveRefresh$ } from '../../../lib/live-refresh';
import type { Reloadable } from '../../../lib/reloadable';
import { createUsageDetail$ } from '../streams/network-streams';
import type { UsageDetail } from '../types/network';

/**
 * One asset's statistics and recent packets (`resource_usage/{type}/{id}`), kept current while shown; as at the past
 * time shown, if any, without live refresh.
 */
export function useUsageDetail(type: 'device' | 'gateway', id: number): Reloadable<UsageDetail | null> {
  const { api, realtime } = useServices();
  const detail$ = useObservable(
    (inputs$) =>
      createUsageDetail$(
        api,
        inputs$.pipe(
          map(([assetType, assetId]) => ({ type: assetType, id: assetId })),
          filter((asset) => Number.isFinite(asset.id)),
        ),
        asOfQuery().as_of === undefined ? liveRefresh$(realtime) : NEVER,
      ),
    [type, id],
  );
  return useObservableState(detail$, { status: 'loading', data: null });
}
