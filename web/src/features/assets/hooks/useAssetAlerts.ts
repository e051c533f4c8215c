import { useState } from 'react';
import { map } from 'rxjs';
import { useServices } from '../../../lib/services-context';
import { getAssetAlerts, getLatestAssetAlerts, type CreatedRange } from '../api/assets-api';
import { loadable$, refreshes$, type Loadable } from '../streams/loadable';
import type { AssetAlert, AssetType } from '../types/asset-360';
import {
  ALERTS_PAGE_SIZE,
  DEFAULT_TIMELINE_QUANTITY,
  type TimelineQuantity,
} from '../types/asset-view-constants';
import { useLoadable } from './useLoadable';

export interface AlertsListPage {
  /** 0-based: the page these alerts belong to (the view may already be asking for another). */
  page: number;
  alerts: AssetAlert[];
  totalItems: number;
  totalPages: number;
}

export interface AssetAlertsList {
  state: Loadable<AlertsListPage>;
  /** 0-based. */
  page: number;
  setPage(page: number): void;
  direction: 'ASC' | 'DESC';
  toggleDirection(): void;
}

/** The alerts list: 7 a page, created_at DESC by default, re-read on live alerts and every 60 s. */
export function useAssetAlertsList(type: AssetType, id: string, range: CreatedRange): AssetAlertsList {
  const { api, realtime } = useServices();
  const [page, setPage] = useState(0);
  const [direction, setDirection] = useState<'ASC' | 'DESC'>('DESC');
  // A new range or asset starts from the first page again.
  const [pageKey, setPageKey] = useState(`${type}/${id}/${range.from}/${range.to}`);
  const key = `${type}/${id}/${range.from}/${range.to}`;
  if (key !== pageKey) {
    setPageKey(key);
    setPage(0);
  }
  const state = useLoadable(
    (t: AssetType, i: string, from: string, to: string | null, p: number, d: 'ASC' | 'DESC') =>
      loadable$(
        getAssetAlerts(api, t, i, {
          page: p + 1,
          size: ALERTS_PAGE_SIZE,
          direction: d,
          range: { from, to },
        }).pipe(
          map((answer) => ({
            page: p,
            alerts: answer.alerts,
            totalItems: answer.total_items,
            totalPages: answer.total_pages,
          })),
        ),
        refreshes$(realtime),
      ),
    [type, id, range.from, range.to, page, direction] as const,
  );
  return {
    state,
    page,
    setPage,
    direction,
    toggleDirection: () => {
      setDirection((current) => (current === 'DESC' ? 'ASC' : 'DESC'));
      setPage(0);
    },
  };
}

export interface AssetAlertsTimeline {
  state: Loadable<AssetAlert[]>;
  quantity: TimelineQuantity;
  setQuantity(quantity: TimelineQuantity): void;
}

/** The latest alerts of the range for the timeline (20 by default, or all of them). */
export function useAssetAlertsTimeline(
  type: AssetType,
  id: string,
  range: CreatedRange,
): AssetAlertsTimeline {
  const { api, realtime } = useServices();
  const [quantity, setQuantity] = useState<TimelineQuantity>(DEFAULT_TIMELINE_QUANTITY);
  const state = useLoadable(
    (t: AssetType, i: string, from: string, to: string | null, q: TimelineQuantity) =>
      loadable$(getLatestAssetAlerts(api, t, i, { from, to }, q), refreshes$(realtime)),
    [type, id, range.from, range.to, quantity] as const,
  );
  return { state, quantity, setQuantity };
}
