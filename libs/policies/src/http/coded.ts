import type { ValidationOptions } from 'class-validator';

/** What codedErrors reads back from a failed constraint. */
export interface CodedContext {
  code: string;
  parameters?: Record<string, string | number>;
}

/** Validation options that carry the policies API's error code and parameters. */
export const coded = (
  code: string,
  message: string,
  parameters?: Record<string, string | number>,
  options: ValidationOptions = {},
): ValidationOptions => {
  const context: CodedContext = parameters ? { code, parameters } : { code };
  return { ...options, message, context };
};
