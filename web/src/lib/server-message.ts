import { ApiError } from './api';

/**
 * The server's own words for a refused call, or null when it gave none: `message` (a list from the validation pipe
 * is joined), the legacy `error`, the first coded error of a list, or a plain-text body.
 */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const { body } = error;
  if (typeof body === 'string') return body === '' ? null : body;
  if (Array.isArray(body)) {
    const first: unknown = body[0];
    return first && typeof first === 'object' && 'message' in first ? String(first.message) : null;
  }
  if (typeof body !== 'object' || body === null) return null;
  const { message, error: text } = body as { message?: unknown; error?: unknown };
  if (Array.isArray(message)) return message.map(String).join(', ');
  if (typeof message === 'string' && message !== '') return message;
  if (typeof text === 'string' && text !== '') return text;
  return null;
}
