/**
 * The public entry of the accounts context: what other contexts and the processes may import (its events, views and
 * ids). Anything else in the context is its own; the linter refuses another context reaching past here.
 */
export {
  accessTokenStream,
  type AccountEvent,
  type AccountEventPayloads,
  AccountEventTypes,
  isAccountEvent,
  organizationStream,
  userStream,
} from './domain/account.events';
