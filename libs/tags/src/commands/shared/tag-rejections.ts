import { Forbidden, Invalid, Unprocessable } from '@lorawatch/platform/domain-errors';
import type { TagDecision } from '../../domain/tag';

/**
 * The refusal of a rejected tag decision (docs/api.md §11): the coded list of what is wrong with a name or colour,
 * another organisation's tag, or an unknown one (answered 422).
 */
export function accepted<T>(decision: TagDecision<T>): T {
  if (decision !== null && typeof decision === 'object' && 'rejected' in decision) {
    if (decision.rejected === 'invalid') throw Invalid.coded(decision.errors);
    if (decision.rejected === 'forbidden') throw new Forbidden();
    throw unknownTag();
  }
  return decision;
}

export const unknownTag = () => new Unprocessable();
