import { createHash, randomBytes } from 'node:crypto';

/**
 * The tokens of mailed links: `<userId>.<32 random bytes>`. The user id leads straight to the aggregate, which
 * keeps only the SHA-256 of the random part, so a leaked event store gives no usable link.
 */
export interface MailedToken {
  token: string;
  tokenHash: string;
}

export function newMailedToken(userId: number): MailedToken {
  const secret = randomBytes(32).toString('base64url');
  return { token: `${userId}.${secret}`, tokenHash: hashSecret(secret) };
}

export function readMailedToken(token: string): { userId: number; tokenHash: string } | null {
  const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  return match ? { userId: Number(match[1]), tokenHash: hashSecret(match[2]) } : null;
}

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');
