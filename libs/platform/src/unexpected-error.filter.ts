import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { toHttp } from './domain-error-http';
import { DomainError } from './domain-errors';

export const GENERIC_500 = {
  statusCode: 500,
  error: 'Internal Server Error',
  message: 'Internal server error',
};

/** Errors of the HTTP layer below Nest (body parser, http-errors) that carry the 4xx status they deserve. */
function clientError(error: unknown): { status: number; message: string } | null {
  const { status, expose, message } = (error ?? {}) as {
    status?: unknown;
    expose?: unknown;
    message?: unknown;
  };
  if (typeof status !== 'number' || status < 400 || status >= 500) return null;
  // http-errors marks the messages that are safe to show; the others may describe internals.
  return { status, message: expose === true && typeof message === 'string' ? message : 'Bad request' };
}

/**
 * The last line of defence: a use case's refusal (a domain error) answers as domain-error-http.ts says, HTTP
 * exceptions answer as Nest would; anything else is a defect, logged with its stack and counted, while the caller only
 * learns that the request failed (no stack, no internals). 5xx exceptions are answered with the same generic text,
 * as their message may come from deep inside.
 */
@Catch()
export class UnexpectedErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  constructor(private readonly onUnexpected: () => void = () => undefined) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') {
      this.logger.error(
        `Unexpected ${host.getType()} error`,
        (exception as Error)?.stack ?? String(exception),
      );
      this.onUnexpected();
      return;
    }
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    if (exception instanceof DomainError) {
      const { status, body } = toHttp(exception);
      response.status(status).json(body);
      return;
    }
    if (exception instanceof HttpException && exception.getStatus() < 500) {
      const body = exception.getResponse();
      response
        .status(exception.getStatus())
        .json(typeof body === 'string' ? { statusCode: exception.getStatus(), message: body } : body);
      return;
    }
    const client = clientError(exception);
    if (client !== null) {
      response.status(client.status).json({ statusCode: client.status, message: client.message });
      return;
    }
    this.onUnexpected();
    this.logger.error(
      `${request.method} ${request.originalUrl} failed`,
      exception instanceof Error ? exception.stack : String(exception),
    );
    if (response.headersSent) {
      response.end();
      return;
    }
    const status = exception instanceof HttpException ? exception.getStatus() : 500;
    response.status(status).json({ ...GENERIC_500, statusCode: status });
  }
}
