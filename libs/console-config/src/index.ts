/**
 * The public entry of the console-config context: what other contexts and the processes may import (its events, views and
 * ids). Anything else in the context is its own; the linter refuses another context reaching past here.
 */
export { type ConsoleConfigJson } from './console-config.json';
