import { ApiError } from './api';

/** The text of a refused account call: the server answers `{error, message}` with the same text. */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const { body } = error;
  if (typeof body === 'string' && body !== '') return body;
  if (typeof body !== 'object' || body === null) return null;
  const { message, error: text } = body as { message?: unknown; error?: unknown };
  if (typeof message === 'string') return message;
  if (typeof text === 'string') return text;
  return null;
}
