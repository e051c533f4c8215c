import { ValidationPipe } from '@nestjs/common';

/**
 * The global validation: DTOs with class-validator, transformed to their types, unknown fields refused with 400.
 * Bodies reach it already free of prototype keys and of absurd nesting (see json-body.ts); query strings are parsed
 * by qs, which drops prototype keys and stops nesting at five levels.
 */
export class RequestValidationPipe extends ValidationPipe {
  constructor() {
    super({ transform: true, whitelist: true, forbidNonWhitelisted: true });
  }
}
