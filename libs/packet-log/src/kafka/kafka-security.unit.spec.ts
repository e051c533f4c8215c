import { Kafka, KafkaJSSASLAuthenticationError } from 'kafkajs';
import { KafkaPacketLog } from './kafka-packet-log';
import { certificateRefusal, describeSasl, kafkaClientSecurity, saslRefusal } from './kafka-security';

const SASL = { mechanism: 'scram-sha-512' as const, username: 'lorawatch', password: 'hunter2-secret' };
/** As kafkajs throws it (its types give the constructor no parameter; it takes the message as every KafkaJSError). */
const SaslRefusal = KafkaJSSASLAuthenticationError as unknown as new (
  message: string,
) => KafkaJSSASLAuthenticationError;
const PEM = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUTest\n-----END CERTIFICATE-----\n';

describe("the kafkajs client's TLS and SASL from the configuration", () => {
  it('connects in plain text without TLS or SASL', () => {
    expect(kafkaClientSecurity({ ssl: false, ca: null, sasl: null })).toEqual({});
  });

  it("checks the brokers' certificates against Node's CAs, or against the CA file's", () => {
    expect(kafkaClientSecurity({ ssl: true, ca: null, sasl: null })).toEqual({ ssl: true });
    expect(kafkaClientSecurity({ ssl: true, ca: PEM, sasl: null })).toEqual({ ssl: { ca: [PEM] } });
  });

  it('authenticates with the mechanism and credentials given, with or without TLS', () => {
    expect(kafkaClientSecurity({ ssl: false, ca: null, sasl: SASL })).toEqual({ sasl: SASL });
    expect(kafkaClientSecurity({ ssl: true, ca: PEM, sasl: SASL })).toEqual({
      ssl: { ca: [PEM] },
      sasl: SASL,
    });
  });

  it('describes the authentication by its mechanism and user, never its password', () => {
    expect(describeSasl(SASL)).toBe('SASL SCRAM-SHA-512 as "lorawatch"');
    expect(describeSasl(undefined)).toBe('no SASL');
  });

  it("finds kafkajs' SASL refusal, also behind the error that wraps it, and nothing else", () => {
    const refusal = new SaslRefusal('SASL PLAIN authentication failed');
    expect(saslRefusal(refusal)).toBe(refusal);
    expect(saslRefusal(new Error('Admin could not connect', { cause: refusal }))).toBe(refusal);
    expect(saslRefusal(new Error('Connection error: connect ECONNREFUSED'))).toBeNull();
    expect(saslRefusal('SASL PLAIN authentication failed')).toBeNull();
  });

  it("finds Node's certificate failure behind kafkajs' connection error and its retries, and nothing else", () => {
    // As kafkajs wraps it: a connection error keeping Node's code, then the retries given up.
    const connection = Object.assign(new Error('Connection error: self-signed certificate'), {
      code: 'DEPTH_ZERO_SELF_SIGNED_CERT',
    });
    const retries = new Error('Connection error: self-signed certificate', { cause: connection });
    expect(certificateRefusal(retries)).toBe(connection);
    const otherName = Object.assign(new Error("Hostname/IP does not match certificate's altnames"), {
      code: 'ERR_TLS_CERT_ALTNAME_INVALID',
    });
    expect(certificateRefusal(otherName)).toBe(otherName);
    const refused = Object.assign(new Error('Connection error: connect ECONNREFUSED'), {
      code: 'ECONNREFUSED',
    });
    expect(certificateRefusal(new Error('retries', { cause: refused }))).toBeNull();
    expect(certificateRefusal(undefined)).toBeNull();
  });

  it('refuses TLS or SASL options beside a client given as kafka, which has its own', async () => {
    const kafka = new Kafka({ brokers: ['127.0.0.1:9'] });
    await expect(KafkaPacketLog.open({ kafka, ssl: true })).rejects.toThrow(
      'ssl and sasl apply to the client built from brokers: a client given as kafka has its own',
    );
    await expect(KafkaPacketLog.open({ kafka, sasl: SASL })).rejects.toThrow('ssl and sasl apply');
  });
});
