import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { freePort } from '@lorawatch/platform/free-port';

export interface Mosquitto {
  port: number;
  close(): Promise<void>;
}

/** A real Mosquitto broker (Debian's package, installed by .ci/run) on a free loopback port. */
export async function startMosquitto(): Promise<Mosquitto> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'mosquitto-'));
  const config = join(dir, 'mosquitto.conf');
  writeFileSync(config, `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\n`);
  const child = spawn('/usr/sbin/mosquitto', ['-c', config], { stdio: 'ignore' });
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
        reconnectPeriod: 0,
        connectTimeout: 1000,
      });
      await client.endAsync();
      break;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
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
