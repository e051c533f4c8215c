import { KafkaJSSASLAuthenticationError, type KafkaConfig, type SASLOptions } from 'kafkajs';
import type { KafkaSecurity } from '@lorawatch/config/app-config';

/** The TLS and SASL of a kafkajs client, in kafkajs' own shapes. */
export type KafkaClientSecurity = Pick<KafkaConfig, 'ssl' | 'sasl'>;

/**
 * The kafkajs `ssl` and `sasl` of the configuration's Kafka security (KAFKA_SSL, KAFKA_SSL_CA_FILE, KAFKA_SASL_*).
 * TLS always checks the brokers' certificates and names: against the CA of KAFKA_SSL_CA_FILE, else Node's own CAs.
 */
export function kafkaClientSecurity(security: KafkaSecurity): KafkaClientSecurity {
  const client: KafkaClientSecurity = {};
  if (security.ssl) client.ssl = security.ca !== null ? { ca: [security.ca] } : true;
  if (security.sasl) client.sasl = saslOptions(security.sasl);
  return client;
}

/** kafkajs' SASL options, one shape per mechanism. */
function saslOptions({ mechanism, username, password }: NonNullable<KafkaSecurity['sasl']>): SASLOptions {
  switch (mechanism) {
    case 'plain':
      return { mechanism, username, password };
    case 'scram-sha-256':
      return { mechanism, username, password };
    case 'scram-sha-512':
      return { mechanism, username, password };
  }
}

/** How a client authenticates, for messages: the mechanism and the user, never the password. */
export function describeSasl(sasl: KafkaConfig['sasl']): string {
  if (!sasl) return 'no SASL';
  const user = 'username' in sasl ? ` as "${sasl.username}"` : '';
  return `SASL ${sasl.mechanism.toUpperCase()}${user}`;
}

/** Kafka refused the client's SASL credentials (a wrong user name or password, or a mechanism the listener lacks). */
export class KafkaAuthenticationError extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'KafkaAuthenticationError';
  }
}

/** The client did not accept a broker's TLS certificate (not signed by a CA it trusts, another name, expired). */
export class KafkaCertificateError extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'KafkaCertificateError';
  }
}

/** The SASL refusal behind an error (kafkajs may wrap it), or null. */
export function saslRefusal(error: unknown): KafkaJSSASLAuthenticationError | null {
  const found = causes(error).find((cause) => cause instanceof KafkaJSSASLAuthenticationError);
  return found instanceof KafkaJSSASLAuthenticationError ? found : null;
}

/** Node's codes of a peer certificate that does not check out. */
const CERTIFICATE_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_SIGNATURE_FAILURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** The certificate failure behind an error (kafkajs wraps Node's, keeping its code), or null. */
export function certificateRefusal(error: unknown): (Error & { code: string }) | null {
  const found = causes(error).find((cause) => {
    const code = (cause as { code?: unknown }).code;
    return typeof code === 'string' && CERTIFICATE_CODES.has(code);
  });
  return (found as (Error & { code: string }) | undefined) ?? null;
}

/** An error and the causes behind it, outermost first (a few at most). */
function causes(error: unknown): Error[] {
  const chain: Error[] = [];
  let current: unknown = error;
  while (current instanceof Error && chain.length < 5) {
    chain.push(current);
    current = current.cause;
  }
  return chain;
}
