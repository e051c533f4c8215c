import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { loadConfig, type AppConfig } from '@lorawatch/config/app-config';
import { createApp } from '../../apps/standalone/main';

export const ADMIN_PASSWORD = 'Adm1n!secret';

export interface Harness {
  app: NestExpressApplication;
  config: AppConfig;
  url: string;
  http: ReturnType<typeof request>;
  adminToken(): Promise<string>;
  close(): Promise<void>;
}

/** The standalone app in this process on a fresh DATA_DIR (real SQLite file), listening on a free port. */
export async function startApp(env: Record<string, string> = {}): Promise<Harness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lorawatch-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO: '0',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD,
    ADMIN_EMAIL: 'admin@example.com',
    LOG_LEVEL: 'error',
    // The four runtimes on this thread: the sources run under ts-jest (the threads need the built app).
    STANDALONE_THREADS: '0',
    WEB_DIR: join(dataDir, 'no-web'),
    ...env,
  });
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const http = request(url);
  return {
    app,
    config,
    url,
    http,
    async adminToken() {
      const response = await http
        .post('/api/v1.0/login')
        .send({ username: 'admin', password: ADMIN_PASSWORD })
        .expect(200);
      return (response.body as { access_token: string }).access_token;
    },
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
