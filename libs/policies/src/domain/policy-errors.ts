/** A coded error of the policies API (docs/api.md §8): a stable code, a text, and what it is about. */
export interface PolicyError {
  code: string;
  message: string;
  parameters?: Record<string, string | number>;
}

/** Why a policy command was refused; the HTTP layer maps each reason to its status. */
export type PolicyRejection =
  | { reason: 'not_found' }
  | { reason: 'forbidden'; errors: PolicyError[] }
  | { reason: 'invalid'; errors: PolicyError[] };

export type Decision<T> = { ok: true; value: T } | { ok: false; rejection: PolicyRejection };

export const accepted = <T>(value: T): Decision<T> => ({ ok: true, value });
export const refused = <T>(rejection: PolicyRejection): Decision<T> => ({ ok: false, rejection });

export const notFound = (): PolicyRejection => ({ reason: 'not_found' });

export const forbidden = (code: string, message: string): PolicyRejection => ({
  reason: 'forbidden',
  errors: [{ code, message }],
});

export const invalid = (errors: PolicyError[]): PolicyRejection => ({ reason: 'invalid', errors });

/** The texts the console and clients of the original API rely on. */
export const PolicyMessages = {
  existingName: 'Existing policy with that name',
  cannotFetch: "Can't fetch the policy.",
  cannotUpdate: "Can't update the policy.",
  cannotDelete: "Can't delete the policy.",
  cannotUpdateDefault: "Can't update default policy.",
  cannotDeleteDefault: "Can't delete default policy.",
  inUse: "Can't delete policy with data collectors.",
} as const;

export const existingName = (): PolicyRejection =>
  invalid([{ code: 'EXISTING_NAME', message: PolicyMessages.existingName }]);
