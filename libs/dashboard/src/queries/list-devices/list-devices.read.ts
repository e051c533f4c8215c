import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { ASSETS, type AssetView } from '@lorawatch/assets';
import { timeWindow } from '@lorawatch/alerts';
import type { Filter, ReadStore } from '@lorawatch/read-store/read-store.port';
import { offsetPaging } from '../traffic-query';
import { deviceJson } from '../traffic-json';
import type { ListDevicesQuery } from './list-devices.query';

/** The organisation's devices, last heard first, one 0-based page (docs/api.md §5). */
export async function listDevices(store: ReadStore, caller: AuthUser, query: ListDevicesQuery) {
  const window = timeWindow(query.last_up_timestamp, 'last_up_timestamp');
  const filter: Filter = { organizationId: caller.organizationId, type: 'device' };
  if (window.gte !== undefined || window.lte !== undefined) {
    filter.lastActivity = {
      ...(window.gte !== undefined ? { $gte: window.gte } : {}),
      ...(window.lte !== undefined ? { $lte: window.lte } : {}),
    };
  }
  const devices = await store.collection<AssetView>(ASSETS).find(filter, {
    sort: [
      ['lastActivity', 'desc'],
      ['numericId', 'desc'],
    ],
    ...offsetPaging(query),
  });
  return devices.map(deviceJson);
}
