import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestPki {
  dir: string;
  caCertFile: string;
  serverCertFile: string;
  serverKeyFile: string;
  caCert: string;
  clientCert: string;
  clientKey: string;
  /** A CA that signed nothing here: trusting it must fail. */
  strangerCaCert: string;
}

/** A throw-away PKI made with the openssl command: a CA, a server certificate for 127.0.0.1 and a client certificate. */
export function makeTestPki(): TestPki {
  const dir = mkdtempSync(join(tmpdir(), 'lorawatch-pki-'));
  const file = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
  const ca = (name: string) =>
    openssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${name}`,
      '-keyout',
      file(`${name}.key`),
      '-out',
      file(`${name}.crt`),
    );
  const signed = (name: string, extensions: string) => {
    openssl(
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      `/CN=${name}`,
      '-keyout',
      file(`${name}.key`),
      '-out',
      file(`${name}.csr`),
    );
    writeFileSync(file(`${name}.ext`), extensions);
    openssl(
      'x509',
      '-req',
      '-in',
      file(`${name}.csr`),
      '-CA',
      file('ca.crt'),
      '-CAkey',
      file('ca.key'),
      '-CAcreateserial',
      '-days',
      '2',
      '-extfile',
      file(`${name}.ext`),
      '-out',
      file(`${name}.crt`),
    );
  };
  ca('ca');
  ca('stranger');
  signed('server', 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  signed('client', 'extendedKeyUsage=clientAuth\n');
  // Mosquitto started as root reads its files as the unprivileged "mosquitto" user.
  chmodSync(dir, 0o755);
  for (const name of readdirSync(dir)) chmodSync(file(name), 0o644);
  const read = (name: string) => readFileSync(file(name), 'utf8');
  return {
    dir,
    caCertFile: file('ca.crt'),
    serverCertFile: file('server.crt'),
    serverKeyFile: file('server.key'),
    caCert: read('ca.crt'),
    clientCert: read('client.crt'),
    clientKey: read('client.key'),
    strangerCaCert: read('stranger.crt'),
  };
}
