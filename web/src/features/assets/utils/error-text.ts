import { isApiError } from '../../../lib/api';

export const GENERIC_FAILURE = 'Oops! Something went wrong. Try again later.';

/** The server's own words for a failed call (`message`, or the legacy `error`), else the generic text. */
export function serverMessage(error: unknown): string {
  if (!isApiError(error) || error.status === 0) return GENERIC_FAILURE;
  const body = error.body;
  if (body && typeof body === 'object') {
    const { message, error: legacy } = body as { message?: unknown; error?: unknown };
    if (typeof message === 'string' && message) return message;
    if (typeof legacy === 'string' && legacy) return legacy;
  }
  if (typeof body === 'string' && body) return body;
  return GENERIC_FAILURE;
}
