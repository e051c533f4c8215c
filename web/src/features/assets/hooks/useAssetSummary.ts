import { of } from 'rxjs';
import { useLoadable } from './useLoadable';
import { useServices } from '../../../lib/services-context';
import { getAsset360, getConnectedGateways, getResourceUsage } from '../api/assets-api';
import { loadable$, refreshes$, type Loadable } from '../streams/loadable';
import type { Asset360, AssetType, ResourceUsage } from '../types/asset-360';

export interface AssetSummary {
  asset: Loadable<Asset360>;
  usage: Loadable<ResourceUsage>;
  /** Devices only: the gateways that heard it. */
  gateways: Loadable<ResourceUsage[]>;
}

/** The asset, its traffic figures and (for a device) its gateways, each re-read on the 60 s floor. */
export function useAssetSummary(type: AssetType, id: string): AssetSummary {
  const { api } = useServices();
  const asset = useLoadable(
    (t: AssetType, i: string) => loadable$(getAsset360(api, t, i), refreshes$(null)),
    [type, id] as const,
  );
  const usage = useLoadable(
    (t: AssetType, i: string) => loadable$(getResourceUsage(api, t, i), refreshes$(null)),
    [type, id] as const,
  );
  const gateways = useLoadable(
    (t: AssetType, i: string) =>
      t === 'device' ? loadable$(getConnectedGateways(api, i), refreshes$(null)) : loadable$(of([]), of()),
    [type, id] as const,
  );
  return { asset, usage, gateways };
}
