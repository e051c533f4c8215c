/**
 * The public entry of the policies context: what other contexts may import (its events, views, ids and the ports
 * others implement). Anything else in the context is its own; the linter refuses another context reaching past here.
 */
export { PolicyItemRequest } from './commands/shared/policy-item.request';
export { checkItems } from './domain/policy-items';
export { POLICIES, type PolicyView } from './policy.view';
