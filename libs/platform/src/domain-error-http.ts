import type { DomainError, DomainErrorKind, ReasonCode } from './domain-errors';

/** The legacy `error` key answer (docs/api.md §1.4 style 1): the reason under `error`, with Nest's `message`. */
export interface TextBody {
  error: string;
  message: string;
}

/** A text answer, a bare coded list (style 3) or an empty answer (style 4). */
export type RefusalBody = TextBody | ReasonCode[] | null;

export interface HttpRefusal {
  status: number;
  body: RefusalBody;
}

const STATUS: Readonly<Record<DomainErrorKind, number>> = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  unavailable: 503,
};

/** Refusals whose `message` is a fixed title next to the reason; the others give the reason twice. */
const TITLE: Readonly<Partial<Record<DomainErrorKind, string>>> = {
  forbidden: 'Forbidden',
  not_found: 'Not found',
};

/** The text answer of a refusal: `{error: <reason>, message: <title or the reason again>}`. */
export function textBody(error: DomainError): TextBody {
  return { error: error.message, message: TITLE[error.kind] ?? error.message };
}

/** The API's answer to a refusal: the one place where domain errors become statuses and bodies. */
export function toHttp(error: DomainError): HttpRefusal {
  const status = STATUS[error.kind];
  if (error.silent) return { status, body: null };
  if (error.codes !== null) return { status, body: error.codes.map((reason) => ({ ...reason })) };
  return { status, body: textBody(error) };
}
