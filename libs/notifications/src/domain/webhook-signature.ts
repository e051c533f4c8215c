import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signing of webhook calls (docs/architecture.md; docs/console.md: "webhook POSTs carry a signature field, the hexadecimal
 * HMAC of the body"). A field inside the body cannot sign the body that contains it, so two signatures travel,
 * both lowercase hex HMAC-SHA256 with the destination's secret:
 *
 * - the body's last field, `"signature"`, signs the exact bytes of the body without it: the JSON text that ends
 *   where `,"signature":"…"` starts, closed by `}`. Cutting that suffix off the raw body gives those bytes.
 * - the `X-Signature` header (also sent as `Signature`, the original's name) signs the exact raw body as sent,
 *   signature field included. Receivers that can read the raw body should check this one.
 *
 * Without a secret neither is sent.
 */
export const hmacHex = (secret: string, text: string): string =>
  createHmac('sha256', secret).update(text, 'utf8').digest('hex');

export interface SignedBody {
  body: string;
  /** Value of X-Signature; null when unsigned. */
  headerSignature: string | null;
}

export function signWebhookBody(payload: Record<string, unknown>, secret: string | null): SignedBody {
  const unsigned = JSON.stringify(payload);
  if (!secret) return { body: unsigned, headerSignature: null };
  const fieldSignature = hmacHex(secret, unsigned);
  const opening = unsigned === '{}' ? '{' : `${unsigned.slice(0, -1)},`;
  const body = `${opening}"signature":"${fieldSignature}"}`;
  return { body, headerSignature: hmacHex(secret, body) };
}

const SIGNATURE_SUFFIX = /,"signature":"([0-9a-f]{64})"}$/;

/** A receiver's check of both signatures of a raw body (used by our tests; documents the scheme). */
export function verifyWebhookBody(rawBody: string, headerSignature: string | undefined, secret: string) {
  const match = SIGNATURE_SUFFIX.exec(rawBody);
  const unsigned = match ? `${rawBody.slice(0, match.index)}}` : null;
  return {
    field: match !== null && unsigned !== null && sameHex(match[1], hmacHex(secret, unsigned)),
    header: headerSignature !== undefined && sameHex(headerSignature, hmacHex(secret, rawBody)),
  };
}

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
