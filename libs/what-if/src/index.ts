/**
 * The public entry of the what-if context: what other contexts and the processes may import (its events, views and
 * ids). Anything else in the context is its own; the linter refuses another context reaching past here.
 */
export {
  WHAT_IF_LIST_LIMIT,
  type WhatIfAlert,
  type WhatIfCodeCounts,
  type WhatIfResult,
} from './what-if-result';
export { type WhatIfJobJson, type WhatIfStatus } from './what-if.service';
