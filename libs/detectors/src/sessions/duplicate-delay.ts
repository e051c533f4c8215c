import type { PolicyView } from '@lorawatch/domain/policy';

/**
 * Seconds within which another gateway's copy of a data frame is the same send. The catalogue gives LAF-004 and
 * LAF-005 no parameter of their own yet; LAF-003's applies, since the reason (backhaul latency, gateway clocks)
 * is the same for every frame type. A `max_duplicate_delay` added to LAF-004 or LAF-005 later takes over.
 */
export function duplicateDelaySeconds(policy: PolicyView, code: 'LAF-004' | 'LAF-005'): number {
  return policy.parameters(code)['max_duplicate_delay'] ?? policy.parameter('LAF-003', 'max_duplicate_delay');
}
