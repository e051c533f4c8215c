import {
  BadRequestException,
  type ExecutionContext,
  ForbiddenException,
  HttpException,
  NotFoundException,
  ServiceUnavailableException,
  createParamDecorator,
} from '@nestjs/common';
import { type ClassConstructor, plainToInstance } from 'class-transformer';
import { type ValidationError, validate } from 'class-validator';
import type { Request } from 'express';
import type { AccountError, Outcome } from '../domain/account-errors';

/**
 * The raw JSON body. The global ValidationPipe leaves custom parameter decorators alone, so account routes answer
 * every refusal as `{error, message}` with one readable text, the shape the console reads.
 */
export const AccountBody = createParamDecorator(
  (_data: unknown, context: ExecutionContext): unknown => context.switchToHttp().getRequest<Request>().body,
);

/** `{error, message}` with the same text: the original's legacy routes read `error`, its newer ones `message`. */
export function accountException(error: AccountError): HttpException {
  const body = { error: error.message, message: error.message };
  switch (error.kind) {
    case 'forbidden':
      return new ForbiddenException(body);
    case 'not_found':
      return new NotFoundException(body);
    case 'unavailable':
      return new ServiceUnavailableException(body);
    case 'invalid':
      return new BadRequestException(body);
  }
}

export function accepted<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw accountException(outcome.error);
  return outcome.value;
}

export const badRequest = (message: string) => accountException({ kind: 'invalid', message });

/** Validates the body against a request class: 400 with the first problem's text. */
export async function validBody<T extends object>(
  type: ClassConstructor<T>,
  body: unknown,
  options: { allowUnknown?: boolean } = {},
): Promise<T> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw badRequest('The body must be a JSON object');
  const request = plainToInstance(type, body);
  const errors = await validate(request, {
    whitelist: true,
    forbidNonWhitelisted: !options.allowUnknown,
    stopAtFirstError: true,
  });
  if (errors.length > 0) throw badRequest(firstMessage(errors));
  return request;
}

function firstMessage(errors: readonly ValidationError[]): string {
  const [error] = errors;
  if (error.constraints?.whitelistValidation) return `Unknown field: ${error.property}`;
  const message = Object.values(error.constraints ?? {})[0];
  if (message) return message;
  return error.children?.length ? firstMessage(error.children) : `${error.property} is not valid`;
}
