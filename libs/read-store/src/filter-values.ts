import type { Scalar } from './read-store.port';

/** The field operators of the port's filters, which every adapter translates. */
export const OPERATORS = ['$eq', '$ne', '$in', '$nin', '$gt', '$gte', '$lt', '$lte', '$exists'] as const;
export type Operator = (typeof OPERATORS)[number];

export function isOperator(key: string): key is Operator {
  return (OPERATORS as readonly string[]).includes(key);
}

/** A filter value as the port allows it (finite numbers, strings, booleans, null), or a clear error. */
export function scalar(value: unknown, path: string): Scalar {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw new Error(`Unsupported filter value on "${path}": ${String(value)}`);
}

export function scalarList(value: unknown, path: string): Scalar[] {
  if (!Array.isArray(value)) throw new Error(`$in/$nin on "${path}" needs an array`);
  return value.map((item: unknown) => scalar(item, path));
}
