import { BadRequestException, ForbiddenException, NotFoundException } from '@nestjs/common';

/** The contract's error bodies for data sources (docs/api.md §4). */
export const notFound = () => new NotFoundException({ error: 'not found', message: 'Not found' });
export const forbidden = () => new ForbiddenException({ error: 'forbidden access', message: 'Forbidden' });
export const invalid = (message: string) => new BadRequestException({ error: message, message });
