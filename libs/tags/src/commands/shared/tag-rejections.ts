import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  UnprocessableEntityException,
} from '@nestjs/common';
import type { Response } from 'express';
import { forbidden } from '@lorawatch/platform/http-errors';
import type { TagDecision } from '../../domain/tag';
import type { TagError } from '../../domain/tag-errors';

/** A tag refused for its name or colour; TagInvalidFilter answers the bare coded list Nest's exceptions wrap. */
export class TagInvalid extends Error {
  constructor(readonly errors: TagError[]) {
    super(`Tag refused: ${errors.map((error) => error.code).join(', ')}`);
    this.name = 'TagInvalid';
  }
}

@Catch(TagInvalid)
export class TagInvalidFilter implements ExceptionFilter {
  catch(error: TagInvalid, host: ArgumentsHost): void {
    host.switchToHttp().getResponse<Response>().status(400).json(error.errors);
  }
}

/** The tags API's answers to a rejected decision (docs/api.md §11): coded 400 list, 422 unknown, 403 foreign. */
export function accepted<T>(decision: TagDecision<T>): T {
  if (decision !== null && typeof decision === 'object' && 'rejected' in decision) {
    if (decision.rejected === 'invalid') throw new TagInvalid(decision.errors);
    if (decision.rejected === 'forbidden') throw forbidden();
    throw unknownTag();
  }
  return decision;
}

export const unknownTag = () =>
  new UnprocessableEntityException({ error: 'Unprocessable entity', message: 'Unprocessable entity' });
