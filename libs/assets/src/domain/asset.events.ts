import type { AssetType, AssetView } from '../asset.view';
import { eventGuard, type RecordedOf } from '@lorawatch/event-store/typed-events';

/**
 * Events of the assets the detectors discover (docs/architecture.md §10). The inventory and the network overview are
 * projected from them; their times are event times (the packets'), never a clock's.
 */
export const AssetEventTypes = {
  /** First sighting of a device or gateway. */
  Discovered: 'AssetDiscovered',
  /** The asset's figures at a packet time: at most one per asset and observation interval, plus changes of state. */
  Observed: 'AssetObserved',
  /** An asset of a store from before these events, recorded once by the upgrade so that a replay keeps it. */
  Imported: 'AssetImported',
} as const;

export interface AssetDiscovered {
  assetId: string;
  numericId: number;
  type: AssetType;
  organizationId: number;
  dataSourceId: number;
  hexId: string;
  devEui: string | null;
  devAddr: string | null;
  vendor: string | null;
  /** Event time of the first packet that showed the asset. */
  firstSeenAt: string;
}

export interface AssetObserved {
  /** Event time the figures hold at: the newest packet of the asset (or the watermark of a silence check). */
  at: string;
  asset: AssetView;
}

export interface AssetImported {
  asset: AssetView;
}

/** Each asset event type with its payload. */
export interface AssetEventPayloads {
  [AssetEventTypes.Discovered]: AssetDiscovered;
  [AssetEventTypes.Observed]: AssetObserved;
  [AssetEventTypes.Imported]: AssetImported;
}
export type AssetEvent = RecordedOf<AssetEventPayloads>;
export const isAssetEvent = eventGuard<AssetEventPayloads>();

/** One stream per packet-log partition: the detectors append a partition's observations in one write per batch. */
export const assetObservationStream = (partition: number): string => `asset-observations-p${partition}`;
export const ASSET_IMPORT_STREAM = 'asset-import';

/** Aligned intervals of event time: an asset whose figures only count on is observed once per interval. */
export const OBSERVATION_INTERVAL_MS = 60 * 60 * 1000;

/** What the detectors remember of an asset's last observation, to decide the next one. */
export interface ObservationMark {
  at: string;
  shape: string;
}

/**
 * Everything of an asset other than its counters, signal figures and activity dates: a change here is observed at
 * once (connected or not, names, identifiers, position, gateways heard).
 */
export function assetShape(asset: AssetView): string {
  return JSON.stringify([
    asset.connected,
    asset.name ?? null,
    asset.applicationName ?? null,
    asset.devEui,
    asset.devAddr,
    asset.joinEui,
    asset.vendor,
    asset.latitude,
    asset.longitude,
    // The set heard, not the order of the links (which follows the latest signal).
    [...asset.gateways].sort(),
  ]);
}

const intervalOf = (at: string): number => Math.floor(Date.parse(at) / OBSERVATION_INTERVAL_MS);

/**
 * Whether the figures of `asset` at `at` are recorded: the first time (discovered), when its shape changed, or when
 * `at` is in a later interval than the last observation. Counters between two observations are carried by the next.
 */
export function observationDue(
  last: ObservationMark | undefined,
  asset: AssetView,
  at: string,
): 'discovered' | 'observed' | null {
  if (last === undefined) return 'discovered';
  if (last.shape !== assetShape(asset)) return 'observed';
  return intervalOf(at) > intervalOf(last.at) ? 'observed' : null;
}

export function discoveryOf(asset: AssetView, firstSeenAt: string): AssetDiscovered {
  return {
    assetId: asset.id,
    numericId: asset.numericId,
    type: asset.type,
    organizationId: asset.organizationId,
    dataSourceId: asset.dataSourceId,
    hexId: asset.hexId,
    devEui: asset.devEui,
    devAddr: asset.devAddr,
    vendor: asset.vendor,
    firstSeenAt,
  };
}

/** Where the detectors keep an asset's ObservationMark (a document of their state). */
export const observationKey = (assetId: string): string => `observed:${assetId}`;
