import type { AssetIssues, IssuesAsset } from '@lorawatch/assets';
import type { Filter } from '@lorawatch/read-store/read-store.port';
import { ISSUES, type IssueView } from './issue.view';

/** The issues read model as the asset views ask it: an asset's open issues. */
export const issuesOfAsset: AssetIssues = {
  async openIssues(store, asset, { since, codes, risks }) {
    const filter = issuesOfAssetFilter(asset);
    if (since) filter.since = since;
    if (codes) filter.code = { $in: codes };
    if (risks) filter.risk = { $in: risks };
    return store.collection<IssueView>(ISSUES).find(filter);
  },
};

/** A gateway's issues by its EUI; a device's by its DevEUI or DevAddr, whichever the issue knew it by. */
function issuesOfAssetFilter(asset: IssuesAsset): Filter {
  const scope: Filter = {
    organizationId: asset.organizationId,
    dataSourceId: asset.dataSourceId,
    open: true,
    'asset.type': asset.type === 'gateway' ? 'GATEWAY' : 'DEVICE',
  };
  if (asset.type === 'gateway') return { ...scope, 'asset.gateway': asset.hexId };
  const keys: Filter[] = [];
  if (asset.devEui) keys.push({ 'asset.devEui': asset.devEui });
  if (asset.devAddr) keys.push({ 'asset.devAddr': asset.devAddr });
  return keys.length === 0 ? { ...scope, id: { $in: [] } } : { ...scope, $or: keys };
}
