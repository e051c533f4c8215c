import { EventHistory } from '../../../components/history/EventHistory';
import type { AssetType } from '../types/asset-360';
import { Panel } from './Panel';

/**
 * The History tab: every recorded event about the asset, newest first, and its export as JSON Lines (the same
 * history as the alert dialog's History tab).
 */
export function AssetHistoryPanel({ type, id }: { type: AssetType; id: string }) {
  return (
    <Panel title="HISTORY" testId="asset-history">
      <EventHistory subject={{ asset_type: type, asset_id: id }} fileStem={`${type}-${id}`} />
    </Panel>
  );
}
