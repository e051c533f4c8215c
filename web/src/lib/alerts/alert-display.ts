import { formatDateTime } from '../format';
import type { Alert } from './alert';

/** Parameters shown upper-cased (docs/console.md §9). */
const UPPERCASE_PARAMETERS = new Set([
  'app_key',
  'dev_eui',
  'gateway',
  'dev_addr',
  'old_dev_eui',
  'new_dev_eui',
  'join_eui',
]);
/** Parameters shown as dates in the browser's time zone (docs/console.md §9). */
const DATE_PARAMETERS = new Set(['packet_date', 'date', 'created_at']);
/** Numeric parameters that are identifiers or counters, never rounded. */
const VERBATIM_NUMBER_PARAMETERS = new Set([
  'packet_id',
  'prev_packet_id',
  'packet_id_1',
  'dev_nonce',
  'counter',
  'new_counter',
]);

function nonEmpty(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** DevEUI when known, else DevAddr. */
export function deviceIdentity(alert: Alert): string {
  const devEui = nonEmpty(alert.parameters?.dev_eui);
  if (devEui) return devEui.toUpperCase();
  return nonEmpty(alert.parameters?.dev_addr)?.toUpperCase() ?? '';
}

export function gatewayIdentity(alert: Alert): string {
  return nonEmpty(alert.parameters?.gateway)?.toUpperCase() ?? '';
}

export function deviceName(alert: Alert): string {
  return nonEmpty(alert.parameters?.dev_name) ?? '';
}

/** A parameter as the console shows it: upper-cased ids, local dates, two decimals for measurements. */
export function formatParameterValue(name: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') {
    if (UPPERCASE_PARAMETERS.has(name)) return value.toUpperCase();
    if (DATE_PARAMETERS.has(name)) return formatDateTime(value);
    return value;
  }
  if (typeof value === 'number') {
    if (Number.isInteger(value) || VERBATIM_NUMBER_PARAMETERS.has(name)) return String(value);
    return value.toFixed(2);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return JSON.stringify(value);
}

/** Fills the alert type's `{name}` slots from the alert's parameters; unknown slots stay as written. */
export function fillMessage(template: string, parameters: Record<string, unknown> | null): string {
  return template.replace(/\{(\w+)\}/g, (slot, name: string) =>
    parameters && parameters[name] !== undefined && parameters[name] !== null
      ? formatParameterValue(name, parameters[name])
      : slot,
  );
}

/** Parameters worth listing in the detail view: scalars only (packet snapshots belong to the full dialog). */
export function listedParameters(alert: Alert): Array<{ name: string; value: string }> {
  return Object.entries(alert.parameters ?? {})
    .filter(([, value]) => value !== null && value !== undefined && typeof value !== 'object')
    .map(([name, value]) => ({ name, value: formatParameterValue(name, value) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
