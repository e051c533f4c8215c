import { type ArgumentsHost, BadRequestException, Catch, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';

/**
 * The global ValidationPipe answers `{message: [reasons], error: "Bad Request"}`; the original API put the reason
 * under `error` (docs/api.md §6, §7). On the routes using this filter, `error` carries the first reason; other
 * 400s (already in the contract's shape) pass unchanged.
 */
@Catch(BadRequestException)
export class SpecValidationFilter implements ExceptionFilter {
  catch(exception: BadRequestException, host: ArgumentsHost): void {
    const body = exception.getResponse();
    const reasons =
      typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : null;
    const answer =
      Array.isArray(reasons) && reasons.length > 0
        ? { statusCode: 400, error: String(reasons[0]), message: reasons }
        : body;
    host.switchToHttp().getResponse<Response>().status(400).json(answer);
  }
}
