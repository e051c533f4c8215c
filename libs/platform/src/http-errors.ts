import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  NotFoundException,
} from '@nestjs/common';

/**
 * The contract's error bodies, one helper for every context (docs/api.md §1.4): the original's `error` key, plus
 * Nest's `message`.
 */
export const notFound = () => new NotFoundException({ error: 'not found', message: 'Not found' });
export const forbidden = () => new ForbiddenException({ error: 'forbidden access', message: 'Forbidden' });
export const badRequest = (text: string) => new BadRequestException({ error: text, message: text });
export const conflict = (text: string) => new ConflictException({ error: text, message: text });
