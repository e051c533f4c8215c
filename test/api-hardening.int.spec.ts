import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '@lorawatch/config/app-config';
import { ADMIN_PASSWORD, startApp, type Harness } from './support/app-harness';

/** Security headers, cross-origin rules and answers to broken requests of the real standalone app. */

const INLINE_SCRIPT = "document.documentElement.dataset.scheme = 'dark';";
const CONSOLE_PAGE = `<!doctype html><html><head><script>${INLINE_SCRIPT}</script><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>`;
const FOREIGN = 'https://attacker.example';
const LISTED = 'https://console.example.com';

function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name, values]),
  );
}

describe('API hardening with the default settings (same origin only)', () => {
  let harness: Harness;
  let webDir: string;

  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'lorawatch-web-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), CONSOLE_PAGE);
    writeFileSync(join(webDir, 'assets', 'app.js'), 'export {};');
    harness = await startApp({ WEB_DIR: webDir });
  });
  afterAll(async () => {
    await harness.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('sends the security headers with the console, the API and its errors, and hides the framework', async () => {
    const answers = [
      await harness.http.get('/').expect(200),
      await harness.http.get('/alerts/review').expect(200),
      await harness.http.get('/api/v1.0/alerts').expect(401),
      await harness.http
        .post('/api/v1.0/login')
        .set('Content-Type', 'application/json')
        .send('{"a":')
        .expect(400),
      await harness.http.get('/health').expect(200),
    ];
    for (const answer of answers) {
      expect(answer.headers['x-powered-by']).toBeUndefined();
      expect(answer.headers['content-security-policy']).toEqual(expect.any(String));
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['strict-transport-security']).toBe('max-age=15552000');
    }
  });

  it("allows the console's inline script by its hash only, and nothing inline or evaluated besides", async () => {
    const answer = await harness.http.get('/').expect(200);
    expect(answer.text).toBe(CONSOLE_PAGE);
    const csp = directives(answer.headers['content-security-policy'] as string);
    const hash = createHash('sha256').update(INLINE_SCRIPT).digest('base64');
    expect(csp['script-src']).toEqual(["'self'", `'sha256-${hash}'`]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
    expect(Object.values(csp).flat()).not.toContain("'unsafe-eval'");
  });

  it('gives pages of other origins no CORS answer, for REST, preflights and the websocket', async () => {
    const token = await harness.adminToken();
    const get = await harness.http
      .get('/api/v1.0/alerts')
      .set('Origin', FOREIGN)
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await harness.http
      .options('/api/v1.0/alerts')
      .set('Origin', FOREIGN)
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'authorization');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const socket = await harness.http
      .get('/socket.io/?EIO=4&transport=polling')
      .set('Origin', FOREIGN)
      .expect(200);
    expect(socket.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const answer = await harness.http
      .post('/api/v1.0/login')
      .set('Content-Type', 'application/json')
      .send('{"username": "admin", ')
      .expect(400);
    expect(answer.body).toMatchObject({ statusCode: 400, message: expect.any(String) });
  });

  it('refuses bodies nested deeper than any request of the API with 400, without walking them', async () => {
    for (const depth of [33, 40_000]) {
      const answer = await harness.http
        .post('/api/v1.0/login')
        .set('Content-Type', 'application/json')
        .send('['.repeat(depth) + ']'.repeat(depth))
        .expect(400);
      expect(answer.body.message).toBe('The body is nested more than 32 levels deep');
    }
  });

  it('drops keys that reach object prototypes before any controller sees them', async () => {
    const answer = await harness.http
      .post('/api/v1.0/login')
      .set('Content-Type', 'application/json')
      .send(
        `{"username":"admin","password":"${ADMIN_PASSWORD}","__proto__":{"admin":true},"constructor":{"x":1}}`,
      )
      .expect(200);
    expect(answer.body.access_token).toEqual(expect.any(String));
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('answers bodies over the size limit with 413', async () => {
    await harness.http
      .post('/api/v1.0/login')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ username: 'x'.repeat(200_000), password: 'y' }))
      .expect(413);
  });

  it('counts unexpected errors for the metrics', async () => {
    const metrics = (await harness.http.get('/metrics').expect(200)).text;
    expect(metrics).toContain('lorawatch_http_unexpected_errors_total 0');
  });
});

describe('API hardening with CORS_ORIGINS', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startApp({ CORS_ORIGINS: `${LISTED}, http://localhost:5173/` });
  });
  afterAll(async () => harness.close());

  it('lets the listed origins read answers and the paging headers, with a bearer token and no cookies', async () => {
    const token = await harness.adminToken();
    const answer = await harness.http
      .get('/api/v1.0/alerts')
      .set('Origin', LISTED)
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect(answer.headers['access-control-allow-origin']).toBe(LISTED);
    expect(answer.headers['access-control-expose-headers']).toBe('total-items,total-pages');
    expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
    const trimmed = await harness.http.get('/health').set('Origin', 'http://localhost:5173').expect(200);
    expect(trimmed.headers['access-control-allow-origin']).toBe('http://localhost:5173');
  });

  it('answers the preflight of a listed origin and ignores the others', async () => {
    const preflight = await harness.http
      .options('/api/v1.0/policies')
      .set('Origin', LISTED)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization,content-type')
      .expect(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(LISTED);
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
    expect(preflight.headers['access-control-allow-headers']).toBe('Authorization,Content-Type');
    const foreign = await harness.http.get('/health').set('Origin', FOREIGN).expect(200);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('applies the same list to the websocket', async () => {
    const listed = await harness.http
      .get('/socket.io/?EIO=4&transport=polling')
      .set('Origin', LISTED)
      .expect(200);
    expect(listed.headers['access-control-allow-origin']).toBe(LISTED);
    const foreign = await harness.http.get('/socket.io/?EIO=4&transport=polling').set('Origin', FOREIGN);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a CORS_ORIGINS entry that is not an origin at start-up', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lorawatch-cors-'));
    try {
      expect(() => loadConfig({ DATA_DIR: dataDir, CORS_ORIGINS: `${LISTED},*` })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dataDir, CORS_ORIGINS: 'https://x.example/app' })).toThrow(
        'CORS_ORIGINS must list origins such as https://console.example.com (got "https://x.example/app")',
      );
      expect(loadConfig({ DATA_DIR: dataDir }).corsOrigins).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
