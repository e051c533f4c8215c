import { serverMessage as serverWords } from '../../../lib/server-message';

export const GENERIC_FAILURE = 'Oops! Something went wrong. Try again later.';

/** The server's own words for a failed call, else the generic text. */
export function serverMessage(error: unknown): string {
  return serverWords(error) ?? GENERIC_FAILURE;
}
