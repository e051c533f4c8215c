/**
 * The public entry of the data-sources context: what other contexts may import (its events, views, ids and the ports
 * others implement). Anything else in the context is its own; the linter refuses another context reaching past here.
 */
export { dataSourceListJson } from './projection/data-source.json';
