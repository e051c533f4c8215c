import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's path; MOSQUITTO_BINARY points elsewhere (a build, or an unpacked package) for local runs. */
export const MOSQUITTO_BINARY = process.env.MOSQUITTO_BINARY ?? '/usr/sbin/mosquitto';

export function mosquittoInstalled(): boolean {
  return existsSync(MOSQUITTO_BINARY);
}

export interface RunningMosquitto {
  port: number;
  stop(): Promise<void>;
}

/** Starts a real Mosquitto on a free local port, anonymous, without persistence, for one test file. */
export async function startMosquitto(): Promise<RunningMosquitto> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'lorawatch-mosquitto-'));
  const config = join(dir, 'mosquitto.conf');
  writeFileSync(config, `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\n`);
  const child: ChildProcess = spawn(MOSQUITTO_BINARY, ['-c', config], { stdio: 'ignore' });
  await waitForPort(port);
  return {
    port,
    stop: async () => {
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`mosquitto did not listen on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
