import { type ArgumentsHost, BadRequestException, Catch, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';

/** An answer of the contract (docs/api.md §9) that is not a success: its status and its exact body. */
export class NotificationsApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
    this.name = 'NotificationsApiError';
  }
}

export const badRequest = (text: string) => new NotificationsApiError(400, { error: text, message: text });
export const notFound = () => new NotificationsApiError(404, { error: 'not found', message: 'Not found' });
/** The original answers `null` with its 403s here. */
export const forbiddenNull = () => new NotificationsApiError(403, null);

/**
 * Writes NotificationsApiError as is, and gives validation failures the original's `error` key (the first reason)
 * next to Nest's list of reasons, as SpecValidationFilter does on the other contexts' routes.
 */
@Catch(NotificationsApiError, BadRequestException)
export class NotificationsErrorFilter implements ExceptionFilter {
  private readonly validation = new SpecValidationFilter();

  catch(exception: NotificationsApiError | BadRequestException, host: ArgumentsHost): void {
    if (exception instanceof NotificationsApiError) {
      host.switchToHttp().getResponse<Response>().status(exception.status).json(exception.body);
      return;
    }
    this.validation.catch(exception, host);
  }
}
