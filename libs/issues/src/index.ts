/**
 * The public entry of the issues context: what other contexts may import (its events, views, ids and the ports
 * others implement). Anything else in the context is its own; the linter refuses another context reaching past here.
 */
export { type IssuesEventPayloads } from './domain/issue.events';
