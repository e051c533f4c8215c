import type { AlertDraft } from '@lorawatch/domain/alert';
import { isAlertCode } from '@lorawatch/domain/alert-catalogue';
import type { PolicyView } from '@lorawatch/domain/policy';
import {
  initialDataSourceState,
  upcastDataSource,
  type DataSourceDetectionState,
  type StoredDataSource,
} from '../detection-state';
import { dataSourceStateKey } from '../state-keys';
import { inEventTimeOrder } from '../time';

export interface DiscoveryCountInput {
  /** State stored under dataSourceStateKey(packet); undefined the first time. */
  dataSource?: StoredDataSource;
  /** LAF-400 drafts of one data source without `number_of_devices` (detectPacket's `discovered`), in any order. */
  discovered: readonly AlertDraft[];
  policy: PolicyView;
}

export interface DiscoveryCountResult {
  /** Undefined only when none was given and nothing was discovered. */
  dataSource: DataSourceDetectionState | undefined;
  /** The LAF-400 alerts the policy enables, in the event-time order of their packets. */
  alerts: AlertDraft[];
}

/**
 * LAF-400's `number_of_devices`: the devices discovered, counted in the event-time order of their first packets
 * (date, then packet id) after those the data source already knew. The same discoveries from the same state give the
 * same counts whatever partition found them first (docs/architecture.md §9). Every discovery counts, whether or not
 * the policy enables LAF-400, so that enabling it later starts from the true count.
 */
export function countDiscoveries(input: DiscoveryCountInput): DiscoveryCountResult {
  const byEventTime = distinct(input.discovered).sort((a, b) => inEventTimeOrder(a.packet, b.packet));
  const first = byEventTime[0];
  if (first === undefined) {
    return { dataSource: input.dataSource && upcastDataSource(input.dataSource), alerts: [] };
  }
  const known = upcastDataSource(input.dataSource ?? initialDataSourceState(first.packet));
  const alerts: AlertDraft[] = [];
  byEventTime.forEach((draft, index) => {
    // Either would be a runner bug: a count mixing two data sources, or another type counted as a device.
    if (draft.code !== 'LAF-400') {
      throw new RangeError(`alert ${draft.id} is a ${draft.code}, not a discovery`);
    }
    const key = dataSourceStateKey(draft.packet);
    if (key !== known.key) {
      throw new Error(
        `data source state "${known.key}" does not belong to alert ${draft.id} (expected "${key}")`,
      );
    }
    if (!isAlertCode(draft.code) || !input.policy.isEnabled(draft.code)) return;
    const parameters = { ...draft.parameters, number_of_devices: known.knownDevices + index + 1 };
    alerts.push({ ...draft, parameters });
  });
  return { dataSource: { ...known, knownDevices: known.knownDevices + byEventTime.length }, alerts };
}

/** A device discovered twice (its id names the data source and DevEUI) counts once. */
function distinct(drafts: readonly AlertDraft[]): AlertDraft[] {
  const earliest = new Map<string, AlertDraft>();
  for (const draft of drafts) {
    const seen = earliest.get(draft.id);
    if (seen === undefined || inEventTimeOrder(draft.packet, seen.packet) < 0) earliest.set(draft.id, draft);
  }
  return [...earliest.values()];
}
