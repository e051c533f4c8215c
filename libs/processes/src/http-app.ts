import { Logger, type LoggerService, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '@lorawatch/config/app-config';
import { createRootLogger, nestLogger } from '@lorawatch/ops/logging';
import { Metrics } from '@lorawatch/ops/metrics';
import { setupOpenApi } from '@lorawatch/platform/ops-http/openapi';
import { ConflictFilter } from '@lorawatch/platform/conflict.filter';
import { crossOriginPolicy } from '@lorawatch/platform/cross-origin';
import { jsonBody } from '@lorawatch/platform/json-body';
import { RequestValidationPipe } from '@lorawatch/platform/request-validation.pipe';
import { securityHeaders } from '@lorawatch/platform/security-headers';
import { UnexpectedErrorFilter } from '@lorawatch/platform/unexpected-error.filter';
import { CrossOriginIoAdapter } from '@lorawatch/realtime/cross-origin-io.adapter';
import { ProcessModule, type ProcessShape } from './core.module';
import type { ProcessRuntime } from './process-runtime';

const SERVER_PATHS = /^\/(api|socket\.io|health|metrics)(\/|$)/;
/** The process's logger: pino at `LOG_LEVEL`, readable lines or JSON (`LOG_FORMAT`). */
export const processLogger = (config: AppConfig): LoggerService =>
  nestLogger(createRootLogger(config.logLevel, config.logFormat));

/**
 * A process that serves the API (standalone, api): REST under /api/v1.0, the websocket, /health, /metrics,
 * the OpenAPI document and, when built, the console. Its runtime starts once the handlers are registered.
 */
export async function createHttpApp(config: AppConfig, shape: ProcessShape): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(ProcessModule.forRoot(config, shape), {
    logger: processLogger(config),
  });
  // The console sends lists as `type[]=a&type[]=b` and ranges as `created_at[gte]=...`.
  app.set('query parser', 'extended');
  app.disable('x-powered-by');
  // TRUST_PROXY: which proxies' X-Forwarded-For sets request.ip (rate limits, sign-in waits); none by default.
  app.set('trust proxy', config.trustProxy);
  // First, so that every answer has them, even those refused by the body parser.
  const consoleHtml = readConsole(config.webDir);
  app.use(securityHeaders({ consoleHtml, mapStyleUrl: config.mapStyleUrl }));
  const crossOrigin = crossOriginPolicy(config.corsOrigins);
  app.enableCors(crossOrigin);
  // Nest's own JSON parser stands aside when it finds this one; urlencoded keeps Nest's settings.
  app.use(jsonBody());
  app.useWebSocketAdapter(new CrossOriginIoAdapter(app, crossOrigin));
  app.useGlobalPipes(new RequestValidationPipe());
  // Nest tries the filters registered last first: conflicts are recognised before the catch-all.
  const metrics = app.get(Metrics);
  app.useGlobalFilters(
    new UnexpectedErrorFilter(() => metrics.httpUnexpectedErrors.inc()),
    new ConflictFilter(),
  );
  app.enableShutdownHooks();
  setupOpenApi(app);
  if (consoleHtml !== null) serveConsole(app, config.webDir);
  // Handlers and gateways are registered by init(); the engines' consumers start after.
  await app.init();
  await app.get<Type<ProcessRuntime>, ProcessRuntime>(shape.runtime as Type<ProcessRuntime>).start();
  return app;
}

/** The built console's index.html, or null (with a warning) when it was not built. */
function readConsole(webDir: string): string | null {
  const index = join(webDir, 'index.html');
  if (existsSync(index)) return readFileSync(index, 'utf8');
  new Logger('Web').warn(`No built console in ${webDir}: run "npm run build" (the API still works)`);
  return null;
}

/** The built React console, with index.html for every client-side route. */
function serveConsole(app: NestExpressApplication, webDir: string): void {
  const index = join(webDir, 'index.html');
  app.use(express.static(webDir, { index: false, maxAge: '1h' }));
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' || SERVER_PATHS.test(request.path)) return next();
    response.sendFile(index);
  });
}
