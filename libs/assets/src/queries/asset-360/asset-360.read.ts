import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import type { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { ASSETS, type AssetView } from '../../asset.view';
import { requireMember } from '../../require-member';
import { dateFormat } from '../shared/api-dates';
import { attributesOf } from '../shared/asset-attributes';
import { locationOf } from '../shared/inventory.json';
import type { AsOfQuery } from '../shared/as-of.query';
import { ownAsset } from '../shared/own-asset';

/** The asset 360° view's summary of one of the organisation's assets, as now or as at `as_of` (docs/api.md §10). */
export async function getAsset360(
  current: ReadStore,
  asOf: AsOfReadModels,
  caller: AuthUser,
  type: string,
  id: string,
  query: AsOfQuery,
) {
  requireMember(caller);
  const store = await asOf.readStore(query.as_of, current);
  const asset = await ownAsset(store, caller.organizationId, type, id);
  const { dataSourceName, importance, tags } = await attributesOf(store, asset);
  const usage = asset.usage;
  return {
    id: asset.numericId,
    hex_id: asset.hexId,
    dev_addr: asset.devAddr,
    organization_id: asset.organizationId,
    type: asset.type,
    name: asset.name ?? null,
    join_eui: asset.joinEui,
    data_collector: dataSourceName,
    vendor: asset.vendor,
    app_name: asset.applicationName ?? null,
    connected: asset.connected,
    last_activity: dateFormat(asset.lastActivity),
    first_activity: dateFormat(asset.firstActivity),
    location: locationOf(asset) ?? { latitude: null, longitude: null },
    activity_freq: usage.activity_freq,
    importance,
    npackets_up: usage.npackets_up,
    npackets_down: usage.npackets_down,
    npackets_lost: 'npackets_lost' in usage ? usage.npackets_lost : null,
    max_rssi: usage.max_rssi,
    max_lsnr: usage.max_lsnr,
    // A device seen joining is OTAA; gateways have no activation.
    is_otaa: asset.type === 'device' ? asset.joinEui !== null : null,
    tags,
    gateway_locations: asset.type === 'device' ? await gatewayLocations(store, asset) : null,
  };
}

/** One single-key object per gateway hearing the device, keyed by the gateway's id (docs/api.md §10). */
async function gatewayLocations(store: ReadStore, device: AssetView) {
  if (device.gateways.length === 0) return [];
  const gateways = await store.collection<AssetView>(ASSETS).find(
    {
      organizationId: device.organizationId,
      dataSourceId: device.dataSourceId,
      type: 'gateway',
      hexId: { $in: device.gateways },
    },
    { sort: [['hexId', 'asc']] },
  );
  return gateways.map((gateway) => ({
    [String(gateway.numericId)]: {
      name: gateway.name ?? null,
      hex_id: gateway.hexId,
      latitude: gateway.latitude,
      longitude: gateway.longitude,
    },
  }));
}
