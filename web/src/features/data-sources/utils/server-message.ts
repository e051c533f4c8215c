import { isApiError } from '../../../lib/api';

/**
 * The readable reason of a failed call: the server's `message` or `error` (joined when the validation pipe lists
 * several), the first coded error's message, or 'Network error' when nothing came back.
 */
export function serverMessage(error: unknown): string {
  if (!isApiError(error)) return error instanceof Error ? error.message : String(error);
  if (error.status === 0) return 'Network error';
  const body = error.body;
  if (Array.isArray(body)) {
    const first: unknown = body[0];
    if (first && typeof first === 'object' && 'message' in first) return String(first.message);
  }
  if (body && typeof body === 'object') {
    const { message, error: reason } = body as { message?: unknown; error?: unknown };
    if (Array.isArray(message)) return message.map(String).join(', ');
    if (typeof message === 'string' && message) return message;
    if (typeof reason === 'string' && reason) return reason;
  }
  if (typeof body === 'string' && body) return body;
  return `HTTP ${error.status}`;
}
