import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import {
  AccountEventTypes,
  organizationStream,
  type OrganizationCreated,
} from '@lorawatch/accounts/domain/account.events';
import { APP_CONFIG, loadConfig } from '@lorawatch/config/app-config';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { envelope } from '@lorawatch/platform/aggregate';
import { freePort } from '../bench/support/free-port';
import { startDemoBroker, type DemoBroker } from '@lorawatch/simulator/demo-broker';
import { createApp } from '../apps/standalone/main';
import { ADMIN_PASSWORD } from './support/app-harness';
import { storedUserToken } from './support/callers';
import { waitFor } from './support/wait-for';

const API = '/api/v1.0';

interface Outcome {
  type: string;
  message: string;
}

/**
 * Outbound connections of the data-source connection test against real sockets on loopback: the API listens on
 * the port its configuration names (so that "this server's own port" is the one it really serves), a broker
 * stands in for the embedded demo broker on DEMO_MQTT_PORT, and another one for a customer's broker.
 */
describe('egress policy of data-source connection tests', () => {
  let app: NestExpressApplication;
  let dataDir: string;
  let http: ReturnType<typeof request>;
  let apiPort: number;
  let demo: DemoBroker;
  let customer: DemoBroker;
  let admin: string;

  const start = async (env: Record<string, string>) => {
    dataDir = mkdtempSync(join(tmpdir(), 'lorawatch-egress-'));
    apiPort = await freePort();
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: String(apiPort),
      DEMO: '0',
      DEMO_MQTT_PORT: String(demo.port),
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD,
      LOG_LEVEL: 'error',
      STANDALONE_THREADS: '0',
      WEB_DIR: join(dataDir, 'no-web'),
      ...env,
    });
    app = await createApp(config);
    await app.listen(apiPort, '127.0.0.1');
    http = request(`http://127.0.0.1:${apiPort}`);
    const login = await http.post(`${API}/login`).send({ username: 'admin', password: ADMIN_PASSWORD });
    admin = (login.body as { access_token: string }).access_token;
  };
  const stop = async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  };

  /** Runs a connection test as `token`'s organisation and waits for its outcome (bounded). */
  const connectionTest = async (token: string, ip: string, port: number): Promise<Outcome> => {
    const started = await http
      .post(`${API}/data_collectors/test`)
      .set({ Authorization: `Bearer ${token}` })
      .send({ name: 'Probe', data_collector_type_id: 1, policy_id: 1, ip, port })
      .expect(200);
    return waitFor(
      async () => {
        const answer = await http
          .get(`${API}/data_collectors/test?data_collector_id=${started.body.id as string}`)
          .set({ Authorization: `Bearer ${token}` })
          .expect(200);
        return answer.body.haveResponse ? (answer.body as Outcome) : null;
      },
      15_000,
      `outcome of the test of ${ip}:${port}`,
    );
  };

  /** What sign-up records for a new organisation, and an administrator of it. */
  const secondOrganization = async (): Promise<string> => {
    const data: OrganizationCreated = { organizationId: 2, name: 'second' };
    await app
      .get<EventStore>(EVENT_STORE)
      .append(
        organizationStream(2),
        [
          envelope(
            AccountEventTypes.OrganizationCreated,
            data,
            { organizationId: 2, actor: 'test' },
            new Date().toISOString(),
          ),
        ],
        'no_stream',
      );
    return storedUserToken({ app, http } as unknown as Parameters<typeof storedUserToken>[0], {
      userId: 70,
      organizationId: 2,
      roles: [2],
      username: 'second-admin',
    });
  };

  beforeAll(async () => {
    demo = await startDemoBroker(await freePort());
    customer = await startDemoBroker(await freePort());
  });
  afterAll(async () => {
    await demo.close();
    await customer.close();
  });

  describe('by default', () => {
    beforeAll(() => start({}));
    afterAll(() => stop());

    it('refuses the metadata address', async () => {
      const outcome = await connectionTest(admin, '169.254.169.254', 80);
      expect(outcome).toMatchObject({ type: 'ERROR' });
      expect(outcome.message).toContain('refused by policy');
    });

    it("refuses this server's own API port, which answers HTTP on loopback", async () => {
      const outcome = await connectionTest(admin, '127.0.0.1', apiPort);
      expect(outcome.message).toContain('refused by policy');
    });

    it('says a coarse reason for a closed port, never the peer bytes', async () => {
      const outcome = await connectionTest(admin, '127.0.0.1', await freePort());
      expect(outcome).toMatchObject({ type: 'ERROR', message: 'Connection refused' });
    });

    it('lets a single organisation reach a broker on loopback, and the demo broker', async () => {
      expect(await connectionTest(admin, '127.0.0.1', customer.port)).toMatchObject({ type: 'SUCCESS' });
      expect(await connectionTest(admin, '127.0.0.1', demo.port)).toMatchObject({ type: 'SUCCESS' });
    });

    it('once sign-up created a second organisation: its demo broker and loopback are refused to it', async () => {
      const second = await secondOrganization();
      const toDemo = await connectionTest(second, '127.0.0.1', demo.port);
      expect(toDemo.message).toContain('refused by policy');
      const toLoopback = await connectionTest(second, '127.0.0.1', customer.port);
      expect(toLoopback.message).toContain('refused by policy');
      // The first organisation keeps its demo network; private ranges are closed to every organisation.
      expect(await connectionTest(admin, '127.0.0.1', demo.port)).toMatchObject({ type: 'SUCCESS' });
      expect((await connectionTest(admin, '127.0.0.1', customer.port)).message).toContain(
        'refused by policy',
      );
    });
  });

  describe('with the demo network', () => {
    beforeAll(async () => start({ DEMO: '1', DEMO_MQTT_PORT: String(await freePort()) }));
    afterAll(() => stop());

    it('connects the demo data source of the organisation that owns it, even once it is shared', async () => {
      const demoSource = async () => {
        const list = await http
          .get(`${API}/data_collectors`)
          .set({ Authorization: `Bearer ${admin}` })
          .expect(200);
        const sources = (list.body as { data_collectors: Array<{ id: number; status: string }> })
          .data_collectors;
        return sources.find((source) => source.status === 'CONNECTED') ?? null;
      };
      await waitFor(demoSource, 15_000, 'demo data source connected');
      const second = await secondOrganization();
      const port = app.get<{ demoMqttPort: number }>(APP_CONFIG).demoMqttPort;
      expect((await connectionTest(second, '127.0.0.1', port)).message).toContain('refused by policy');
      expect(await connectionTest(admin, '127.0.0.1', port)).toMatchObject({ type: 'SUCCESS' });
    });
  });

  describe('with EGRESS_ALLOW', () => {
    beforeAll(() => start({ EGRESS_ALLOW: '127.0.0.0/8' }));
    afterAll(() => stop());

    it('opens the range to every organisation, but never the demo broker or own ports', async () => {
      const second = await secondOrganization();
      expect(await connectionTest(second, '127.0.0.1', customer.port)).toMatchObject({ type: 'SUCCESS' });
      expect((await connectionTest(second, '127.0.0.1', demo.port)).message).toContain('refused by policy');
      expect((await connectionTest(second, '127.0.0.1', apiPort)).message).toContain('refused by policy');
      expect((await connectionTest(second, '169.254.169.254', 80)).message).toContain('refused by policy');
    });
  });
});
