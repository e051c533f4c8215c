import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSmtpSink, type SmtpSink } from './smtp-sink';
import { startStandalone, type StandaloneProcess } from './standalone-process';

export const CHROMIUM = '/usr/bin/chromium';

/** The administrator the console's end-to-end tests sign in as. */
export const CONSOLE_ADMIN = {
  username: 'operator',
  password: 'Conso1e!pass',
  email: 'operator@example.com',
};

/** Environment variables through which the global setup hands the stack to the test files. */
export const STACK_ENV = {
  url: 'LORAWATCH_E2E_URL',
  mailDir: 'LORAWATCH_E2E_MAIL_DIR',
  demoMqttPort: 'LORAWATCH_E2E_DEMO_MQTT_PORT',
} as const;

export interface ConsoleStack {
  url: string;
  mailDir: string;
  /** The demo network's MQTT broker (a real broker on loopback, ChirpStack v3 JSON topics). */
  demoMqttPort: number;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * One standalone server with the demo network and a real SMTP server, shared by every console test file: the
 * demo's traffic (and its alerts) builds up once instead of once per file. Each accepted mail is written as a
 * JSON file into `mailDir`, which the test files read (they run in their own module registry).
 */
export async function startConsoleStack(): Promise<ConsoleStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lorawatch-console-'));
  const mailDir = join(dataDir, 'mail');
  mkdirSync(mailDir);
  let sink: SmtpSink | null = null;
  let server: StandaloneProcess | null = null;
  try {
    sink = await startSmtpSink();
    const mails = sink.mails;
    let written = 0;
    const writer = setInterval(() => {
      while (written < mails.length) {
        writeFileSync(
          join(mailDir, `${String(written).padStart(6, '0')}.json`),
          JSON.stringify(mails[written]),
        );
        written++;
      }
    }, 50);
    const demoMqttPort = await freePort();
    server = await startStandalone({
      DATA_DIR: dataDir,
      DEMO: '1',
      DEMO_MQTT_PORT: String(demoMqttPort),
      ADMIN_USERNAME: CONSOLE_ADMIN.username,
      ADMIN_PASSWORD: CONSOLE_ADMIN.password,
      ADMIN_EMAIL: CONSOLE_ADMIN.email,
      SMTP_URL: sink.url,
      MAIL_FROM: 'LoRaWatch <lorawatch@example.com>',
      // Every browser test signs in from 127.0.0.1; the limits themselves are tested in the accounts specs.
      RATE_LIMIT_LOGIN: '1000',
      RATE_LIMIT_REGISTER: '200',
      RATE_LIMIT_PASSWORD_RECOVERY: '200',
      // The browser tests sign up more organisations, and their webhook receivers listen on loopback: the egress
      // policy would refuse loopback to a shared install, so this stack opens it as an operator would.
      EGRESS_ALLOW: '127.0.0.0/8',
    });
    await settleAdministrator(server.url);
    const started = { sink, server };
    return {
      url: server.url,
      mailDir,
      demoMqttPort,
      async stop() {
        clearInterval(writer);
        await started.server.stop();
        await started.sink.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await server?.stop();
    await sink?.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Signs the administrator in once the server answers (retrying while the demo's first burst keeps it busy) and
 * marks its first login done, so the guided tour does not open over the other test files' clicks (the
 * dashboard's own test starts the tour on purpose).
 */
async function settleAdministrator(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const login = await fetch(`${url}/api/v1.0/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: CONSOLE_ADMIN.username, password: CONSOLE_ADMIN.password }),
      });
      if (login.status !== 200) throw new Error(`login answered ${login.status}`);
      const { access_token } = (await login.json()) as { access_token: string };
      const update = await fetch(`${url}/api/v1.0/user/${CONSOLE_ADMIN.username}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${access_token}` },
        body: JSON.stringify({ first_login: false }),
      });
      if (update.status !== 200) throw new Error(`user update answered ${update.status}`);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

export const chromiumAvailable = (): boolean => existsSync(CHROMIUM);

/**
 * Why the console's browser tests cannot run here, or undefined when they can. The global setup starts the stack
 * and each console test file runs or skips its tests on this same answer.
 */
export function consoleSkipReason(): string | undefined {
  return chromiumAvailable()
    ? undefined
    : `Chromium is not installed at ${CHROMIUM} (apt-get install chromium)`;
}
