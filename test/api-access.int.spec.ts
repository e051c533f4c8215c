import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import request from 'supertest';
import { io } from 'socket.io-client';
import { TokenService } from '@lorawatch/platform/auth/token.service';
import { Metrics } from '@lorawatch/ops/metrics';
import { startMetricsServer } from '@lorawatch/ops/metrics-endpoint';
import { READINESS, type Readiness } from '@lorawatch/ops/readiness';
import { startApp, type Harness } from './support/app-harness';

const API = '/api/v1.0';
const METRICS_TOKEN = 'scrape-token-of-some-length';

interface Operation {
  security?: Array<Record<string, string[]>>;
}
interface OpenApiDocument {
  security?: Array<Record<string, string[]>>;
  components: { securitySchemes?: Record<string, { type: string; scheme?: string }> };
  paths: Record<string, Record<string, Operation>>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

describe('who may call what: the OpenAPI security, unknown users, /metrics', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startApp();
  });
  afterAll(async () => harness?.close());

  it('declares the bearer token globally and states on every operation whether it needs one', async () => {
    const document = (await harness.http.get('/api/docs-json').expect(200)).body as OpenApiDocument;
    expect(document.components.securitySchemes?.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.security).toEqual([{ bearer: [] }]);
    const disagreements: string[] = [];
    const publicOperations: string[] = [];
    let protectedCount = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const security = operation.security ?? document.security ?? [];
        const declaresOpen =
          security.length === 0 || security.some((entry) => Object.keys(entry).length === 0);
        // Without a token, the guard answers 401 "Missing Authorization Header" exactly on protected operations.
        const url = path.replace(/\{[^}]+\}/g, '1');
        const call = harness.http[method as 'get' | 'post' | 'put' | 'delete'](url);
        const response = await (method === 'get' || method === 'delete' ? call : call.send({}));
        const protectedOperation =
          response.status === 401 &&
          (response.body as { msg?: string }).msg === 'Missing Authorization Header';
        if (protectedOperation === declaresOpen) disagreements.push(`${method.toUpperCase()} ${path}`);
        if (protectedOperation) protectedCount += 1;
        else publicOperations.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(disagreements).toEqual([]);
    expect(protectedCount).toBeGreaterThan(50);
    expect(publicOperations).toEqual(
      expect.arrayContaining([
        `POST ${API}/login`,
        `POST ${API}/register`,
        `PUT ${API}/password_recovery`,
        'GET /health',
      ]),
    );
  });

  describe('a token of a user the store does not know', () => {
    const unknownToken = () =>
      harness.app
        .get(TokenService)
        .accessToken({ userId: 4242, username: 'ghost', organizationId: 1, roles: [2] });
    const auth = () => ({ Authorization: `Bearer ${unknownToken()}` });

    // Request → what it gets with the token of a user that was never stored (signed with the server's secret).
    const ROWS: Array<[string, () => request.Test]> = [
      ['GET user_token', () => harness.http.get(`${API}/user_token`).set(auth())],
      ['GET alerts', () => harness.http.get(`${API}/alerts`).set(auth())],
      [
        'POST register (an admin write)',
        () =>
          harness.http
            .post(`${API}/register`)
            .set(auth())
            .send({
              username: 'invited',
              full_name: 'Invited',
              email: 'invited@example.com',
              user_roles: [2],
            }),
      ],
    ];
    it.each(ROWS)('%s → 401', async (_label, call) => {
      const response = await call().expect(401);
      expect((response.body as { message: string }).message).toBe('Token has been revoked');
    });

    it('is refused on the websocket', async () => {
      const socket = io(harness.url, { transports: ['websocket'], forceNew: true, reconnection: false });
      try {
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        });
        expect(await socket.emitWithAck('authorization', { token: unknownToken() })).toEqual({ ok: false });
      } finally {
        socket.disconnect();
      }
    });
  });
});

describe('/metrics behind a token or on a port of its own', () => {
  // Setting → the answer of /metrics on the API's port without a token, with a wrong one, with the right one.
  const ROWS: Array<[string, Record<string, string>, [number, number, number]]> = [
    ['by default', {}, [200, 200, 200]],
    ['with METRICS_TOKEN', { METRICS_TOKEN }, [401, 401, 200]],
    ['with METRICS_PORT', { METRICS_PORT: 'free' }, [404, 404, 404]],
  ];

  it.each(ROWS)('on the API port %s', async (_label, env, expected) => {
    const metricsPort = env.METRICS_PORT === 'free' ? String(await freePort()) : undefined;
    const harness = await startApp({ ...env, ...(metricsPort ? { METRICS_PORT: metricsPort } : {}) });
    try {
      const scrape = (token?: string) => {
        const call = harness.http.get('/metrics');
        return token ? call.set('Authorization', `Bearer ${token}`) : call;
      };
      const statuses = [
        (await scrape()).status,
        (await scrape('wrong-token-of-some-length')).status,
        (await scrape(METRICS_TOKEN)).status,
      ];
      expect(statuses).toEqual(expected);
    } finally {
      await harness.close();
    }
  });

  it('serves /metrics on METRICS_PORT, behind METRICS_TOKEN when both are set, and nothing else', async () => {
    const port = await freePort();
    const harness = await startApp({ METRICS_PORT: String(port), METRICS_TOKEN, HOST: '127.0.0.1' });
    const server = await startMetricsServer(
      harness.config,
      harness.app.get<Readiness>(READINESS),
      harness.app.get(Metrics),
    );
    try {
      const metrics = request(`http://127.0.0.1:${port}`);
      await metrics.get('/metrics').expect(401);
      const scraped = await metrics
        .get('/metrics')
        .set('Authorization', `Bearer ${METRICS_TOKEN}`)
        .expect(200);
      expect(scraped.text).toContain('lorawatch_event_store_head_position');
      await metrics.get('/api/v1.0/alerts').expect(404);
      await metrics.get('/health').expect(404);
    } finally {
      await new Promise((resolve) => server?.close(resolve));
      await harness.close();
    }
  });
});
