import { isApiError } from '../../../lib/api';
import { serverMessage as serverWords } from '../../../lib/server-message';

/** The readable reason of a failed call: the server's words, else 'Network error' or the HTTP status. */
export function serverMessage(error: unknown): string {
  if (!isApiError(error)) return error instanceof Error ? error.message : String(error);
  if (error.status === 0) return 'Network error';
  return serverWords(error) ?? `HTTP ${error.status}`;
}
