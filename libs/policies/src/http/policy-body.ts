import { type ExecutionContext, createParamDecorator } from '@nestjs/common';
import { type ClassConstructor, plainToInstance } from 'class-transformer';
import { type ValidationError, validate } from 'class-validator';
import type { Request } from 'express';
import { invalid, type PolicyError } from '../domain/policy-errors';
import type { CodedContext } from './coded';
import { PolicyRejected } from './policy-rejected';

/**
 * The raw JSON body. The global ValidationPipe leaves custom parameter decorators alone, which lets policy routes
 * answer validation failures as the contract's coded list instead of Nest's default shape.
 */
export const PolicyBody = createParamDecorator(
  (_data: unknown, context: ExecutionContext): unknown => context.switchToHttp().getRequest<Request>().body,
);

/** Validates a body against a request class; 400 with one coded error per wrong field. */
export async function validPolicyBody<T extends object>(
  type: ClassConstructor<T>,
  body: unknown,
): Promise<T> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new PolicyRejected(invalid([{ code: 'INVALID_BODY', message: 'The body must be a JSON object' }]));
  }
  const request = plainToInstance(type, body);
  const errors = await validate(request, { whitelist: true, forbidNonWhitelisted: true });
  if (errors.length > 0) throw new PolicyRejected(invalid(codedErrors(errors, [])));
  return request;
}

function codedErrors(errors: readonly ValidationError[], path: readonly string[]): PolicyError[] {
  return errors.flatMap((error) => {
    const at = [...path, error.property];
    // A field that is wrong as a whole (items that are not a list) says nothing useful about its parts.
    return error.constraints ? [firstOf(error, at)] : codedErrors(error.children ?? [], at);
  });
}

/** One error per field; a missing value explains the field's other failures, so it comes first. */
function firstOf(error: ValidationError, at: readonly string[]): PolicyError {
  const failures = Object.entries(error.constraints ?? {}).map(([constraint, message]) => {
    const context = error.contexts?.[constraint] as CodedContext | undefined;
    return { code: context?.code ?? unknownCode(constraint), message, parameters: context?.parameters };
  });
  const chosen = failures.find((failure) => failure.code.startsWith('MISSING_')) ?? failures[0];
  const field = at.join('.');
  const item = itemIndex(at);
  return {
    code: chosen.code,
    message: item === null ? chosen.message : `Item ${item}: ${chosen.message}`,
    parameters: { ...(item === null ? {} : { item }), field, ...chosen.parameters },
  };
}

const unknownCode = (constraint: string) =>
  constraint === 'whitelistValidation' ? 'UNKNOWN_FIELD' : 'INVALID_FIELD';

function itemIndex(at: readonly string[]): number | null {
  return at[0] === 'items' && at.length > 1 && /^\d+$/.test(at[1]) ? Number(at[1]) : null;
}
