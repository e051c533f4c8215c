import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import type { Decision, PolicyRejection } from '../domain/policy-errors';

/** A policy command or query refused by the domain; PolicyRejectionFilter turns it into the contract's answer. */
export class PolicyRejected extends Error {
  constructor(readonly rejection: PolicyRejection) {
    super(`Policy request refused: ${rejection.reason}`);
    this.name = 'PolicyRejected';
  }
}

const STATUS = { not_found: 404, forbidden: 403, invalid: 400 } as const;

/**
 * The policies API answers with bare coded lists (docs/api.md §1.4 style 3) and a JSON `null` for an unknown
 * policy, bodies that Nest's own exceptions cannot carry.
 */
@Catch(PolicyRejected)
export class PolicyRejectionFilter implements ExceptionFilter {
  catch({ rejection }: PolicyRejected, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    response
      .status(STATUS[rejection.reason])
      .json(rejection.reason === 'not_found' ? null : rejection.errors);
  }
}

/** The value of an accepted decision; a refused one is thrown for PolicyRejectionFilter. */
export function acceptedOrThrow<T>(decision: Decision<T>): T {
  if (!decision.ok) throw new PolicyRejected(decision.rejection);
  return decision.value;
}
