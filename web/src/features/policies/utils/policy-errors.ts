import { isApiError } from '../../../lib/api';

export const POLICY_TEXTS = {
  removed: 'The policy has been removed!',
  deleteDefault: "This policy can't be removed because it's the default policy.",
  deleteInUse: "This policy can't be removed because it's used by at least one data source.",
  generic: 'Something went wrong. Try again later.',
  fatal: 'Oops! Something went wrong. Try again later.',
  cloneExisting: 'Exists a policy with this name',
} as const;

export const KEY_TEXTS = {
  loadFailed: 'Something went wrong! Try again later or reload this component.',
  network: 'Network error',
  noKeys: 'No keys found',
} as const;

/** The keys section's note on the AppKey audit queue; nothing when no device waits. */
export function pendingAuditText(devices: number): string | null {
  if (devices <= 0) return null;
  return devices === 1 ? '1 device awaits its AppKey audit' : `${devices} devices await their AppKey audit`;
}

/** The codes of a coded error list (docs/api.md §1.4 style 3). */
export function errorCodes(error: unknown): { code: string; message: string }[] {
  if (!isApiError(error) || !Array.isArray(error.body)) return [];
  return (error.body as unknown[]).flatMap((entry) =>
    entry && typeof entry === 'object' && 'code' in entry
      ? [{ code: String(entry.code), message: 'message' in entry ? String(entry.message) : '' }]
      : [],
  );
}

export function hasCode(error: unknown, code: string): boolean {
  return errorCodes(error).some((entry) => entry.code === code);
}

/** Delete outcome texts (docs/console.md §8). */
export function deleteFailureText(error: unknown): string {
  if (hasCode(error, 'DEFAULT_POLICY')) return POLICY_TEXTS.deleteDefault;
  if (hasCode(error, 'POLICY_WITH_DATA_COLLECTORS')) return POLICY_TEXTS.deleteInUse;
  return POLICY_TEXTS.generic;
}

export type SaveFailure = { field: 'name'; message: string } | { field: null; message: string };

/** Save outcome (docs/console.md §8): EXISTING_NAME on the name field, other 400s generic, anything else fatal. */
export function saveFailure(error: unknown): SaveFailure {
  const existing = errorCodes(error).find((entry) => entry.code === 'EXISTING_NAME');
  if (existing) return { field: 'name', message: existing.message || 'Existing policy with that name' };
  if (isApiError(error, 400)) return { field: null, message: POLICY_TEXTS.generic };
  return { field: null, message: POLICY_TEXTS.fatal };
}

/** Key calls (docs/console.md §8): the server's message on a non-OK answer, 'Network error' when none came. */
export function keyFailureText(error: unknown): string {
  if (!isApiError(error) || error.status === 0) return KEY_TEXTS.network;
  const body = error.body;
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const { message, error: reason } = body as { message?: unknown; error?: unknown };
    if (typeof message === 'string' && message) return message;
    if (typeof reason === 'string' && reason) return reason;
  }
  return KEY_TEXTS.loadFailed;
}
