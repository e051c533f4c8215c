import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeOrSkip } from './support/describe-or-skip';
import { MOSQUITTO, startMosquitto, type Mosquitto } from './support/mosquitto';
import { startApp, type Harness } from './support/app-harness';
import { waitFor } from './support/wait-for';

const PASSWD = '/usr/bin/mosquitto_passwd';
const missing = [MOSQUITTO, PASSWD].filter((file) => !existsSync(file));
const skipReason =
  missing.length > 0
    ? `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not installed (apt-get install mosquitto)`
    : undefined;

/** A broker that checks credentials (Mosquitto with a password file): wrong ones are a FAILED_LOGIN, right ones connect. */
describeOrSkip(skipReason, 'a data source with broker credentials', () => {
  let dir: string;
  let broker: Mosquitto;
  let harness: Harness;
  let admin: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lorawatch-passwd-'));
    const file = join(dir, 'passwd');
    writeFileSync(file, '');
    execFileSync(PASSWD, ['-b', file, 'collector', 'R1ght!pass'], { stdio: 'ignore' });
    // Mosquitto started as root reads its files as the unprivileged "mosquitto" user.
    chmodSync(dir, 0o755);
    chmodSync(file, 0o644);
    broker = await startMosquitto(['allow_anonymous false', `password_file ${file}`]);
    harness = await startApp();
    admin = await harness.adminToken();
  });
  afterAll(async () => {
    await harness?.close();
    await broker?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const auth = () => ({ Authorization: `Bearer ${admin}` });
  const body = (password: string) => ({
    name: `Password ${password}`,
    description: '',
    data_collector_type_id: 1,
    policy_id: 1,
    ip: '127.0.0.1',
    port: broker.port,
    user: 'collector',
    password,
  });

  it('answers LOGIN_FAILED in the test flow and logs FAILED_LOGIN for wrong credentials', async () => {
    const started = await harness.http
      .post('/api/v1.0/data_collectors/test')
      .set(auth())
      .send(body('Wr0ng!pass'))
      .expect(200);
    const outcome = await waitFor(async () => {
      const answer = await harness.http
        .get(`/api/v1.0/data_collectors/test?data_collector_id=${started.body.id}`)
        .set(auth());
      return answer.body.haveResponse ? answer.body : null;
    });
    expect(outcome.type).toBe('LOGIN_FAILED');

    const created = await harness.http
      .post('/api/v1.0/data_collectors')
      .set(auth())
      .send(body('Wr0ng!pass'))
      .expect(200);
    const log = await waitFor(async () => {
      const entries = await harness.http
        .get(`/api/v1.0/data_collectors/${created.body.id}/log`)
        .set(auth())
        .expect(200);
      return (entries.body as Array<{ type: string }>).some((entry) => entry.type === 'FAILED_LOGIN')
        ? entries.body
        : null;
    }, 15_000);
    expect(log.filter((entry: { type: string }) => entry.type === 'FAILED_LOGIN')).toHaveLength(1);
    expect(
      (await harness.http.get(`/api/v1.0/data_collectors/${created.body.id}`).set(auth())).body.status,
    ).toBe('DISCONNECTED');
  });

  it('connects with the right credentials', async () => {
    const created = await harness.http
      .post('/api/v1.0/data_collectors')
      .set(auth())
      .send(body('R1ght!pass'))
      .expect(200);
    await waitFor(async () => {
      const source = await harness.http.get(`/api/v1.0/data_collectors/${created.body.id}`).set(auth());
      return source.body.status === 'CONNECTED' ? true : null;
    }, 15_000);
  });

  it('tests an edited data source with its stored password when the form leaves it empty', async () => {
    const created = await harness.http
      .post('/api/v1.0/data_collectors')
      .set(auth())
      .send({ ...body('R1ght!pass'), name: 'Stored password' })
      .expect(200);
    const outcome = async (path: string) => {
      const started = await harness.http
        .post(path)
        .set(auth())
        .send({ ...body(''), name: 'Stored password' })
        .expect(200);
      return waitFor(async () => {
        const answer = await harness.http
          .get(`/api/v1.0/data_collectors/test?data_collector_id=${started.body.id}`)
          .set(auth());
        return answer.body.haveResponse ? (answer.body.type as string) : null;
      }, 15_000);
    };
    expect(await outcome(`/api/v1.0/data_collectors/test?data_collector_id=${created.body.id}`)).toBe(
      'SUCCESS',
    );
    expect(await outcome('/api/v1.0/data_collectors/test')).toBe('LOGIN_FAILED');
    await harness.http
      .post('/api/v1.0/data_collectors/test?data_collector_id=999999')
      .set(auth())
      .send(body(''))
      .expect(404);
  });
});
