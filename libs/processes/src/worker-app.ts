import { Logger, type INestApplicationContext, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createServer, type Server } from 'node:http';
import type { AppConfig } from '@lorawatch/config/app-config';
import { Metrics } from '@lorawatch/ops/metrics';
import { metricsAuthorized } from '@lorawatch/ops/metrics-endpoint';
import { READINESS, type Readiness } from '@lorawatch/ops/readiness';
import { withConsumerHealth } from '@lorawatch/ops/supervision';
import { ProcessModule, type ProcessShape } from './core.module';
import { processLogger } from './http-app';
import type { ProcessRuntime } from './process-runtime';

/**
 * A process without the API (collector, detector, projector): the product modules as a Nest application context
 * (no controllers mounted), its runtime started, and /health and /metrics on OPS_PORT for the orchestrator.
 */
export async function createWorkerApp(
  config: AppConfig,
  shape: ProcessShape,
  name: string,
  options: { opsServer?: boolean } = {},
): Promise<INestApplicationContext> {
  const context = await NestFactory.createApplicationContext(ProcessModule.forRoot(config, shape), {
    logger: processLogger(config),
  });
  context.enableShutdownHooks();
  // A thread of the standalone console answers through the console's own /health and /metrics.
  if (options.opsServer !== false) {
    const ops = opsServer(context.get<Readiness>(READINESS), context.get(Metrics), config);
    await new Promise<void>((resolve, reject) => {
      ops.once('error', reject);
      ops.listen(config.opsPort, () => resolve());
      // The engines keep the process alive; a shutdown need not wait for scrapers.
      ops.unref();
    });
    new Logger(name).log(`/health and /metrics on port ${config.opsPort}`);
  }
  // Health answers 503 "starting" while the runtime catches up.
  await context.get<Type<ProcessRuntime>, ProcessRuntime>(shape.runtime as Type<ProcessRuntime>).start();
  return context;
}

function opsServer(readiness: Readiness, metrics: Metrics, config: AppConfig): Server {
  return createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET') {
      response.writeHead(405, { Allow: 'GET' }).end();
    } else if (path === '/health') {
      const status = withConsumerHealth(readiness.status(), metrics.consumers);
      response
        .writeHead(status.ready ? 200 : 503, { 'Content-Type': 'application/json' })
        .end(JSON.stringify(status));
    } else if (path === '/metrics' && !metricsAuthorized(config, request.headers.authorization)) {
      response
        .writeHead(401, { 'WWW-Authenticate': 'Bearer', 'Content-Type': 'text/plain' })
        .end('unauthorized');
    } else if (path === '/metrics') {
      readiness
        .refreshGauges()
        .then(() => metrics.registry.metrics())
        .then((text) =>
          response.writeHead(200, { 'Content-Type': 'text/plain; version=0.0.4; charset=utf-8' }).end(text),
        )
        .catch((error: unknown) =>
          response
            .writeHead(500, { 'Content-Type': 'text/plain' })
            .end(`metrics unavailable: ${String(error)}`),
        );
    } else {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    }
  });
}
