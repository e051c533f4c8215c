import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_USAGE, runAdmin } from '@lorawatch/accounts/commands/operator/admin-cli';
import { PasswordRefusals } from '@lorawatch/accounts/domain/password-policy';
import { ADMIN_PASSWORD, startApp, type Harness } from './support/app-harness';
import { waitFor } from './support/wait-for';

const API = '/api/v1.0';

/** `npm run admin` in this process, on the SQLite file of DATA_DIR, with what it prints. */
async function admin(dataDir: string, args: string[], input = '') {
  const out: string[] = [];
  const err: string[] = [];
  const status = await runAdmin(
    args,
    { out: (line) => out.push(line), err: (line) => err.push(line), readInput: async () => input },
    { DATA_DIR: dataDir, LOG_LEVEL: 'error' },
  );
  return { status, out: out.join('\n'), err: err.join('\n') };
}

describe('npm run admin: unblock and reset-password on the store', () => {
  let dataDir: string;
  let harness: Harness | null = null;

  const start = async () => (harness = await startApp({ DATA_DIR: dataDir }));
  const stop = async () => {
    await harness?.app.close();
    harness = null;
  };
  const login = (password: string) =>
    harness!.http.post(`${API}/login`).send({ username: 'admin', password });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'lorawatch-admin-cli-'));
    await start();
  });
  afterAll(async () => {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets the last administrator in again with the server stopped', async () => {
    for (let attempt = 0; attempt < 6; attempt++) await login('Wrong!guess1').expect(403);
    await login(ADMIN_PASSWORD).expect(403);
    await stop();

    const unblocked = await admin(dataDir, ['unblock', 'admin']);
    expect(unblocked).toEqual({ status: 0, out: 'User admin was unblocked.', err: '' });

    await start();
    await login(ADMIN_PASSWORD).expect(200);
  });

  it('sets a one-time strong password offline; the old password and the old sessions stop working', async () => {
    const before = (await login(ADMIN_PASSWORD).expect(200)).body as { refresh_token: string };
    await stop();

    const reset = await admin(dataDir, ['reset-password', 'admin']);
    expect(reset.status).toBe(0);
    const password = reset.out.split('\n').at(-1)!;
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(reset.out).toContain('New password of admin');

    await start();
    await login(ADMIN_PASSWORD).expect(403);
    await login(password).expect(200);
    await harness!.http
      .post(`${API}/token_refresh`)
      .set({ Authorization: `Bearer ${before.refresh_token}` })
      .expect(401);
  });

  it('reads the password from standard input while the server runs, and ends the running sessions', async () => {
    const generated = await admin(dataDir, ['reset-password', 'admin@example.com']);
    const current = generated.out.split('\n').at(-1)!;
    const session = (await login(current).expect(200)).body as { access_token: string };
    const chosen = 'amber kettle folds the winter map';

    const reset = await admin(dataDir, ['reset-password', 'admin', '--password-stdin'], `${chosen}\n`);
    expect(reset).toEqual({
      status: 0,
      out: 'Password of admin changed; every session of admin has ended.',
      err: '',
    });

    await waitFor(
      async () => ((await login(chosen)).status === 200 ? true : null),
      10_000,
      'the new password',
    );
    await waitFor(
      async () =>
        (
          await harness!.http
            .get(`${API}/user_token`)
            .set({ Authorization: `Bearer ${session.access_token}` })
        ).status === 401
          ? true
          : null,
      10_000,
      'the old session to end',
    );
  });

  it.each<[string, string[], string, number, string]>([
    ['an unknown user to unblock', ['unblock', 'nobody'], '', 1, 'No user nobody'],
    ['an unknown user to reset', ['reset-password', 'ghost@example.com'], '', 1, 'No user ghost@example.com'],
    [
      'a common password',
      ['reset-password', 'admin', '--password-stdin'],
      'Passw0rd!\n',
      1,
      PasswordRefusals.common,
    ],
    [
      'a password with the username',
      ['reset-password', 'admin', '--password-stdin'],
      'admin123!\n',
      1,
      PasswordRefusals.personal,
    ],
    [
      'an empty standard input',
      ['reset-password', 'admin', '--password-stdin'],
      '',
      1,
      'No password on standard input',
    ],
    ['no command', [], '', 2, 'No command given'],
    ['an unknown command', ['delete', 'admin'], '', 2, 'Unknown command delete'],
    ['no user', ['unblock'], '', 2, 'unblock needs a username or an e-mail'],
    ['an unknown option', ['unblock', 'admin', '--force'], '', 2, 'Unknown option --force'],
    [
      '--password-stdin with unblock',
      ['unblock', 'admin', '--password-stdin'],
      '',
      2,
      '--password-stdin goes with reset-password',
    ],
  ])('refuses %s with a message and its exit status', async (_case, args, input, status, message) => {
    const result = await admin(dataDir, args, input);
    expect(result.status).toBe(status);
    expect(result.out).toBe('');
    expect(result.err.split('\n')[0]).toBe(message);
  });

  it('prints its usage on --help', async () => {
    expect(await admin(dataDir, ['--help'])).toEqual({ status: 0, out: ADMIN_USAGE, err: '' });
  });
});
