/**
 * The public entry of the tags context: what other contexts may import (its events, views, ids and the ports
 * others implement). Anything else in the context is its own; the linter refuses another context reaching past here.
 */
export { type TagEventPayloads, TagEventTypes } from './domain/tag.events';
