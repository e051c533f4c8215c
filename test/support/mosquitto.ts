import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../bench/support/free-port';

export interface Mosquitto {
  port: number;
  close(): Promise<void>;
}

export const MOSQUITTO = '/usr/sbin/mosquitto';

/**
 * A real Mosquitto broker (Debian's package, installed by .ci/run) on a free loopback port. `listenerOptions`
 * are extra lines for the listener (TLS files, password file...).
 */
export async function startMosquitto(listenerOptions: string[] = []): Promise<Mosquitto> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'mosquitto-'));
  const config = join(dir, 'mosquitto.conf');
  writeFileSync(
    config,
    [
      `per_listener_settings true`,
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      ...listenerOptions,
      '',
    ].join('\n'),
  );
  const child = spawn(MOSQUITTO, ['-c', config], { stdio: 'ignore' });
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null) throw new Error(`mosquitto exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('mosquitto did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    async close() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
