import type { AlertParameterSchema } from '../types/policy';

export const POLICY_NAME_MIN = 3;
export const POLICY_NAME_MAX = 100;

/** Spec part 2 §5, texts as written there. */
export const NAME_MESSAGES = {
  required: 'This field is required',
  cloneRequired: 'This file is required',
  tooShort: 'Name length must be greater than 3',
  tooLong: "Name length can't be greater than 100",
} as const;

export const PARAMETER_MESSAGES = {
  required: 'This field is required',
  notNumber: 'The value must be a number',
  notInteger: 'The value must be a whole number',
} as const;

export function rangeMessage(schema: AlertParameterSchema): string {
  const { minimum, maximum } = schema;
  if (minimum !== null && minimum !== undefined && maximum !== null && maximum !== undefined)
    return `The value must be between ${minimum} and ${maximum}`;
  if (minimum !== null && minimum !== undefined) return `The value must be at least ${minimum}`;
  return `The value must be at most ${maximum}`;
}

export function validatePolicyName(name: string, clone = false): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return clone ? NAME_MESSAGES.cloneRequired : NAME_MESSAGES.required;
  if (trimmed.length < POLICY_NAME_MIN) return NAME_MESSAGES.tooShort;
  if (trimmed.length > POLICY_NAME_MAX) return NAME_MESSAGES.tooLong;
  return null;
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const WHOLE = /^[-+]?\d+$/;

/** A parameter typed by the user: Float numeric, Integer whole, within the alert type's bounds. */
export function validateParameter(schema: AlertParameterSchema, raw: string): string | null {
  const value = raw.trim();
  if (value === '') return PARAMETER_MESSAGES.required;
  if (schema.type === 'Integer' ? !WHOLE.test(value) : !NUMBER.test(value))
    return schema.type === 'Integer' ? PARAMETER_MESSAGES.notInteger : PARAMETER_MESSAGES.notNumber;
  const number = Number(value);
  if (schema.minimum !== null && schema.minimum !== undefined && number < schema.minimum)
    return rangeMessage(schema);
  if (schema.maximum !== null && schema.maximum !== undefined && number > schema.maximum)
    return rangeMessage(schema);
  return null;
}

/** Keys (docs/console.md §5): typing is accepted while the text can still become a key; saving needs all 32 characters. */
export const PARTIAL_KEY = /^[0-9a-fA-F]{0,32}$/;
export const FULL_KEY = /^[0-9a-fA-F]{32}$/;
