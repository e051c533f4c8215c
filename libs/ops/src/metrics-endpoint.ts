import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AppConfig } from '@lorawatch/config/app-config';
import type { Metrics } from './metrics';
import type { Readiness } from './readiness';

export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** The Prometheus text of the process (of all its threads, where it has some), gauges refreshed first. */
export async function metricsText(readiness: Readiness, metrics: Metrics): Promise<string> {
  if (readiness.metricsText) return readiness.metricsText();
  await readiness.refreshGauges();
  return metrics.registry.metrics();
}

/** Whether the Authorization header carries METRICS_TOKEN as a Bearer token (always, when none is set). */
export function metricsAuthorized(
  config: Pick<AppConfig, 'metricsToken'>,
  authorization: string | undefined,
): boolean {
  if (config.metricsToken === null) return true;
  const [scheme, token] = (authorization ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) return false;
  const given = Buffer.from(token);
  const expected = Buffer.from(config.metricsToken);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * /metrics on METRICS_PORT (same bind address as the API), for a scraper on a network the API's clients do not
 * reach. Everything else answers 404.
 */
export async function startMetricsServer(
  config: AppConfig,
  readiness: Readiness,
  metrics: Metrics,
): Promise<Server | null> {
  if (config.metricsPort === null) return null;
  const server = createServer((request: IncomingMessage, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    } else if (request.method !== 'GET') {
      response.writeHead(405, { Allow: 'GET' }).end();
    } else if (!metricsAuthorized(config, request.headers.authorization)) {
      response
        .writeHead(401, { 'WWW-Authenticate': 'Bearer', 'Content-Type': 'text/plain' })
        .end('unauthorized');
    } else {
      metricsText(readiness, metrics)
        .then((text) => response.writeHead(200, { 'Content-Type': PROMETHEUS_CONTENT_TYPE }).end(text))
        .catch(() => response.writeHead(500, { 'Content-Type': 'text/plain' }).end('metrics unavailable'));
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.metricsPort ?? 0, config.host, () => resolve());
  });
  server.unref();
  return server;
}
