/**
 * The public entry of the assets context: what other contexts may import (its events, views, ids and the ports
 * others implement). Anything else in the context is its own; the linter refuses another context reaching past here.
 */
export { deviceDocument, gatewayDocument } from './asset-documents';
export { AssetListBody } from './asset-list/asset-list.dto';
export { type AssetSelector, resolveOwnAssets } from './asset-list/resolve-assets';
export { ASSETS, type AssetView } from './asset.view';
export {
  type AssetAttributeEventPayloads,
  AssetAttributeEventTypes,
  type AssetImportanceSet,
} from './domain/asset-attribute.events';
export { type AssetRef } from './domain/asset-ref';
export {
  ASSET_IMPORT_STREAM,
  AssetEventTypes,
  type AssetImported,
  assetObservationStream,
  type AssetObserved,
  assetShape,
  discoveryOf,
  observationDue,
  observationKey,
  type ObservationMark,
} from './domain/asset.events';
export { DEFAULT_IMPORTANCE } from './domain/importance';
export { ASSET_IMPORTANCE, type AssetImportanceView } from './projection/asset-importance.view';
export { type AssetIssues, type IssuesAsset } from './queries/asset-alerts/asset-issues.port';
export { requireMember } from './require-member';
