import { useState } from 'react';
import { useServices } from '../../../lib/services-context';
import { getGatewayDeviceTags, getGatewayDevices } from '../api/assets-api';
import { loadable$, refreshes$ } from '../streams/loadable';
import { GATEWAY_DEVICES_PAGE_SIZE } from '../types/asset-view-constants';
import { useLoadable } from './useLoadable';

/** The devices a gateway heard, 5 a page, filtered by labels (a device must carry every chosen one). */
export function useGatewayDevices(gatewayId: string) {
  const { api } = useServices();
  const [page, setPage] = useState(0);
  const [tagIds, setTagIdsState] = useState<number[]>([]);
  const tagKey = tagIds.join(',');
  const devices = useLoadable(
    (gateway: string, tags: string, p: number) =>
      loadable$(
        getGatewayDevices(
          api,
          gateway,
          tags === '' ? [] : tags.split(',').map(Number),
          p + 1,
          GATEWAY_DEVICES_PAGE_SIZE,
        ),
        refreshes$(null),
      ),
    [gatewayId, tagKey, page] as const,
  );
  const tags = useLoadable(
    (gateway: string) => loadable$(getGatewayDeviceTags(api, gateway), refreshes$(null)),
    [gatewayId] as const,
  );
  return {
    devices,
    tags,
    page,
    setPage,
    tagIds,
    setTagIds: (next: number[]) => {
      setTagIdsState(next);
      setPage(0);
    },
  };
}
