import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  NotFoundException,
} from '@nestjs/common';
import { textBody } from './domain-error-http';
import { Conflict, Forbidden, Invalid, NotFound } from './domain-errors';

/**
 * The contract's error bodies for the HTTP layer (controllers, query endpoints), one helper for every context
 * (docs/api.md §1.4): the original's `error` key, plus Nest's `message`. Command handlers throw domain errors instead
 * (domain-errors.ts), which are answered with the same bodies.
 */
export const notFound = () => new NotFoundException(textBody(new NotFound()));
export const forbidden = () => new ForbiddenException(textBody(new Forbidden()));
export const badRequest = (text: string) => new BadRequestException(textBody(new Invalid(text)));
export const conflict = (text: string) => new ConflictException(textBody(new Conflict(text)));
