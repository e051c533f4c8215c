/**
 * The public entry of the audit context: what other contexts and the processes may import (its events, views and
 * ids). Anything else in the context is its own; the linter refuses another context reaching past here.
 */
export {
  alertKey,
  assetKey,
  assetTypeKey,
  AUDIT_ALERTS,
  AUDIT_ASSET_TYPES,
  AUDIT_EVENTS,
  AUDIT_KEYS,
  type AuditAlertView,
  type AuditAssetType,
  type AuditEventView,
  type AuditKeyView,
  ORGANIZATION_KEY,
} from './events/audit-event.view';
