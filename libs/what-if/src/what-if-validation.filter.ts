import { type ArgumentsHost, BadRequestException, Catch, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';

/**
 * Every 400 of the what-if routes as `{ statusCode, error, message }` with the reasons in one sentence: the global
 * ValidationPipe lists them under `message`, the routes' own refusals carry one already.
 */
@Catch(BadRequestException)
export class WhatIfValidationFilter implements ExceptionFilter {
  catch(exception: BadRequestException, host: ArgumentsHost): void {
    const body = exception.getResponse();
    const reasons =
      typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : body;
    const list = Array.isArray(reasons) ? reasons.map(String) : [String(reasons ?? 'Bad request')];
    const message = list.join('; ');
    host
      .switchToHttp()
      .getResponse<Response>()
      .status(400)
      .json({ statusCode: 400, error: message, message });
  }
}
