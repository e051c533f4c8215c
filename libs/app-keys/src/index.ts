/**
 * The public entry of the app-keys context: what other contexts may import (its events, views, ids and the ports
 * others implement). Anything else in the context is its own; the linter refuses another context reaching past here.
 */
export { type KeyAuditBacklog } from './ports/key-audit-backlog.port';
export { OrganizationAppKeys } from './projection/organization-app-keys';
