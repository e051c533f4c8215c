import {
  alertTypeByCode,
  type AlertParameterSchema,
  type AlertType,
} from '@lorawatch/domain/alert-catalogue';
import type { PolicyItem, PolicyParameters } from '@lorawatch/domain/policy';
import type { PolicyError } from './policy-errors';

/** An item as a client sends it, once its shape is checked (strings, booleans, an object of parameters). */
export interface RequestedItem {
  /** On update, the id the item was listed with: the id of its alert type (see policyItemId). */
  id?: number;
  alertTypeCode: string;
  enabled: boolean;
  parameters: Readonly<Record<string, unknown>>;
}

/**
 * A policy holds at most one item per alert type, so the alert type's id names the item within its policy: ids stay
 * stable across edits and need no allocation.
 */
export const policyItemId = (type: AlertType): number => type.id;

export type CheckedItems = { ok: true; items: PolicyItem[] } | { ok: false; errors: PolicyError[] };

/**
 * Every item against the alert catalogue: a known and unrepeated alert type, parameters that the type defines,
 * of its type (Integer whole, Float numeric) and within its bounds. A null value means "use the default" and
 * is dropped. `checkIds`: an item id, when given, must be the one this policy lists the item under.
 */
export function checkItems(requested: readonly RequestedItem[], checkIds: boolean): CheckedItems {
  const errors: PolicyError[] = [];
  const items: PolicyItem[] = [];
  const counts = new Map<string, number>();
  for (const item of requested) counts.set(item.alertTypeCode, (counts.get(item.alertTypeCode) ?? 0) + 1);
  requested.forEach((item, index) => {
    const type = alertTypeByCode(item.alertTypeCode);
    if (!type) {
      errors.push({
        code: 'UNKNOWN_ALERT_TYPE',
        message: `Item ${index}: there is no alert type ${item.alertTypeCode}`,
        parameters: { item: index, type: item.alertTypeCode },
      });
      return;
    }
    const count = counts.get(type.code) ?? 0;
    if (count > 1 && requested.findIndex((other) => other.alertTypeCode === type.code) === index) {
      errors.push({
        code: 'MANY_ITEMS_FOR_TYPE',
        message: `${count} items for alert type ${type.code}; a policy has one per type`,
        parameters: { type: type.code, count },
      });
    }
    if (checkIds && item.id !== undefined && item.id !== policyItemId(type)) {
      errors.push({
        code: 'NOT_POLICY_ITEM',
        message: `Item ${item.id} is not the ${type.code} item of this policy (that one is ${policyItemId(type)})`,
        parameters: { item: index, type: type.code, id: item.id },
      });
    }
    const parameters: PolicyParameters = {};
    for (const [name, raw] of Object.entries(item.parameters)) {
      const checked = checkParameter(type, name, raw, index);
      if ('error' in checked) errors.push(checked.error);
      else if (checked.value !== null) parameters[name] = checked.value;
    }
    items.push({ alertTypeCode: type.code, enabled: item.enabled, parameters });
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, items };
}

function checkParameter(
  type: AlertType,
  name: string,
  raw: unknown,
  index: number,
): { value: number | null } | { error: PolicyError } {
  const about = { item: index, type: type.code, parameter: name };
  const schema: AlertParameterSchema | undefined = Object.hasOwn(type.parameters, name)
    ? type.parameters[name]
    : undefined;
  if (!schema) {
    return {
      error: {
        code: 'MISSING_PARAMETER',
        message: `Alert type ${type.code} has no parameter ${name}`,
        parameters: about,
      },
    };
  }
  if (raw === null) return { value: null };
  const value = numeric(raw);
  if (value === null || (schema.type === 'Integer' && !Number.isInteger(value))) {
    const expected = schema.type === 'Integer' ? 'a whole number' : 'a number';
    return {
      error: {
        code: 'NOT_VALID_TYPE',
        message: `${type.code} ${name} must be ${expected}`,
        parameters: { ...about, requiredType: schema.type },
      },
    };
  }
  if (schema.maximum !== undefined && value > schema.maximum) {
    return {
      error: {
        code: 'EXCEED_MAX_VALUE',
        message: `${type.code} ${name} must be at most ${schema.maximum}`,
        parameters: { ...about, maxValue: schema.maximum },
      },
    };
  }
  if (schema.minimum !== undefined && value < schema.minimum) {
    return {
      error: {
        code: 'BELOW_MIN_VALUE',
        message: `${type.code} ${name} must be at least ${schema.minimum}`,
        parameters: { ...about, minValue: schema.minimum },
      },
    };
  }
  return { value };
}

const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** Form fields often arrive as strings; a plain decimal numeral counts as its number, nothing else does. */
function numeric(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw === 'string' && DECIMAL.test(raw.trim())) return Number(raw.trim());
  return null;
}
