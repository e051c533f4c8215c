/**
 * The public entry of the simulator context: what other contexts and the processes may import (its events, views and
 * ids). Anything else in the context is its own; the linter refuses another context reaching past here.
 */
export { ALL_ATTACKS, ATTACK_KINDS, type AttackKind, isAttackKind } from './attack-kinds';
export { type GatewaySimEvent, type SimEvent, type SimMessage } from './sim-event';
export { isSimFormatName, SIM_FORMATS, type SimFormatName } from './wire-format';
