import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { WrongExpectedRevisionError } from '@lorawatch/event-store/event-store.port';

/** Optimistic-concurrency conflicts surface as 409: someone else changed the aggregate first. */
@Catch(WrongExpectedRevisionError)
export class ConflictFilter implements ExceptionFilter {
  catch(_error: WrongExpectedRevisionError, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const message = 'The resource was changed by someone else; reload it and try again';
    response.status(409).json({ statusCode: 409, error: 'Conflict', message });
  }
}
