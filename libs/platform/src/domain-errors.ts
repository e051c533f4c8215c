/**
 * Why a use case refused a command, in the domain's words. Command handlers and the helpers they share throw these,
 * whoever called them (the API, an operator tool, a worker); the API answers each one with its status and body in a
 * single place (domain-error-http.ts). The messages are the texts users read: they are kept exactly as written.
 */

/** One reason of a coded refusal: a stable code, its text, and its parameters where useful. */
export interface ReasonCode {
  readonly code: string;
  readonly message: string;
  readonly parameters?: Readonly<Record<string, unknown>>;
}

/** What a refusal tells besides its message. */
export interface RefusalDetails {
  /** The reasons as codes: the refusal is answered with this list (the coded-list answers). */
  readonly codes?: readonly ReasonCode[];
  /** Refused without a word (the original's empty answers): the message is for logs and tools only. */
  readonly silent?: boolean;
}

export type DomainErrorKind =
  'not_found' | 'forbidden' | 'invalid' | 'conflict' | 'unprocessable' | 'unavailable';

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
  readonly codes: readonly ReasonCode[] | null;
  readonly silent: boolean;

  protected constructor(message: string, details: RefusalDetails = {}) {
    super(message);
    this.name = new.target.name;
    this.codes = details.codes ?? null;
    this.silent = details.silent ?? false;
  }
}

/** The thing the command is about does not exist, or is not the caller's to know of. */
export class NotFound extends DomainError {
  override readonly kind = 'not_found';

  constructor(message = 'not found', details?: RefusalDetails) {
    super(message, details);
  }
}

/** The thing exists, but the caller may not do this to it. */
export class Forbidden extends DomainError {
  override readonly kind = 'forbidden';

  constructor(message = 'forbidden access', details?: RefusalDetails) {
    super(message, details);
  }
}

/** The command breaks a rule of the domain (a bad value, an unknown choice). */
export class Invalid extends DomainError {
  override readonly kind = 'invalid';

  constructor(message: string, details?: RefusalDetails) {
    super(message, details);
  }

  /** A refusal for coded reasons; its message joins their texts. */
  static coded(codes: readonly ReasonCode[]): Invalid {
    return new Invalid(codes.map((reason) => reason.message).join('; '), { codes });
  }
}

/** The command comes too late or too early for the current state (already resolved, already taken). */
export class Conflict extends DomainError {
  override readonly kind = 'conflict';

  constructor(message: string, details?: RefusalDetails) {
    super(message, details);
  }
}

/** The command is well formed but names something it cannot act upon (the tags API's unknown tag). */
export class Unprocessable extends DomainError {
  override readonly kind = 'unprocessable';

  constructor(message = 'Unprocessable entity', details?: RefusalDetails) {
    super(message, details);
  }
}

/** The command cannot be carried out now, for a reason worth telling the caller (a missing part, a time limit). */
export class Unavailable extends DomainError {
  override readonly kind = 'unavailable';

  constructor(message: string, details?: RefusalDetails) {
    super(message, details);
  }
}
