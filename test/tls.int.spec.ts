import { existsSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { makeTestPki, type TestPki } from './support/certificates';
import { describeOrSkip } from './support/describe-or-skip';
import { MOSQUITTO, startMosquitto, type Mosquitto } from './support/mosquitto';
import { startApp, type Harness } from './support/app-harness';
import { waitFor } from './support/wait-for';

function opensslWorks(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const missing = [
  ...(existsSync(MOSQUITTO) ? [] : [`mosquitto (${MOSQUITTO})`]),
  ...(opensslWorks() ? [] : ['openssl']),
];
const skipReason =
  missing.length > 0
    ? `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not installed (apt-get install mosquitto openssl)`
    : undefined;

/** MQTT over TLS with a real Mosquitto: the CA to trust, a client certificate and key, and bad certificates. */
describeOrSkip(skipReason, 'a data source over TLS', () => {
  let pki: TestPki;
  let broker: Mosquitto;
  let harness: Harness;
  let admin: string;

  beforeAll(async () => {
    pki = makeTestPki();
    broker = await startMosquitto([
      `cafile ${pki.caCertFile}`,
      `certfile ${pki.serverCertFile}`,
      `keyfile ${pki.serverKeyFile}`,
      'require_certificate true',
      'tls_version tlsv1.2',
    ]);
    harness = await startApp();
    admin = await harness.adminToken();
  });
  afterAll(async () => {
    await harness?.close();
    await broker?.close();
    if (pki) rmSync(pki.dir, { recursive: true, force: true });
  });

  const body = (overrides: Record<string, unknown> = {}) => ({
    name: 'Over TLS',
    description: '',
    data_collector_type_id: 1,
    policy_id: 1,
    ip: '127.0.0.1',
    port: broker.port,
    ssl: true,
    ca_cert: pki.caCert,
    client_cert: pki.clientCert,
    client_key: pki.clientKey,
    ...overrides,
  });
  const auth = () => ({ Authorization: `Bearer ${admin}` });
  const test = async (overrides: Record<string, unknown>) => {
    const started = await harness.http
      .post('/api/v1.0/data_collectors/test')
      .set(auth())
      .send(body(overrides))
      .expect(200);
    return waitFor(async () => {
      const answer = await harness.http
        .get(`/api/v1.0/data_collectors/test?data_collector_id=${started.body.id}`)
        .set(auth());
      return answer.body.haveResponse ? (answer.body as { type: string; message: string }) : null;
    }, 35_000);
  };

  it('connects with the CA and a client certificate, and keeps the key secret', async () => {
    expect((await test({})).type).toBe('SUCCESS');
    const created = await harness.http.post('/api/v1.0/data_collectors').set(auth()).send(body()).expect(200);
    await waitFor(async () => {
      const source = await harness.http.get(`/api/v1.0/data_collectors/${created.body.id}`).set(auth());
      return source.body.status === 'CONNECTED' ? source.body : null;
    }, 20_000);
    const source = (await harness.http.get(`/api/v1.0/data_collectors/${created.body.id}`).set(auth())).body;
    expect(source).toMatchObject({ ssl: true, client_key_set: true, ca_cert: pki.caCert });
    expect(JSON.stringify(source)).not.toContain('PRIVATE KEY');
  });

  it('says why when the certificates are wrong', async () => {
    const stranger = await test({ ca_cert: pki.strangerCaCert });
    expect(stranger.type).toBe('TLS_ERROR');
    const withoutClientCertificate = await test({ client_cert: null, client_key: null });
    expect(['TLS_ERROR', 'ERROR']).toContain(withoutClientCertificate.type);
    const plain = await test({ ssl: false });
    expect(plain.type).not.toBe('SUCCESS');
  });
});
