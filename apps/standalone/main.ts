import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig, type AppConfig } from '@lorawatch/config/app-config';
import { Metrics } from '@lorawatch/ops/metrics';
import { setupOpenApi } from '@lorawatch/ops/openapi';
import { ConflictFilter } from '@lorawatch/platform/conflict.filter';
import { crossOriginPolicy } from '@lorawatch/platform/cross-origin';
import { jsonBody } from '@lorawatch/platform/json-body';
import { RequestValidationPipe } from '@lorawatch/platform/request-validation.pipe';
import { securityHeaders } from '@lorawatch/platform/security-headers';
import { UnexpectedErrorFilter } from '@lorawatch/platform/unexpected-error.filter';
import { CrossOriginIoAdapter } from '@lorawatch/realtime/cross-origin-io.adapter';
import { StandaloneModule } from './app.module';
import { Runtime } from './runtime';

const SERVER_PATHS = /^\/(api|socket\.io|health|metrics)(\/|$)/;

export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(StandaloneModule.forRoot(config), {
    logger: ['error', 'warn', 'log', 'debug'].slice(
      0,
      ['error', 'warn', 'log', 'debug'].indexOf(config.logLevel) + 1,
    ) as ('error' | 'warn' | 'log' | 'debug')[],
  });
  // The console sends lists as `type[]=a&type[]=b` and ranges as `created_at[gte]=...`.
  app.set('query parser', 'extended');
  app.disable('x-powered-by');
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
  // Handlers and gateways are registered by init(); the engines, seeds, detectors and collectors start after.
  await app.init();
  await app.get(Runtime).start();
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

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const app = await createApp(config);
  await app.listen(config.port);
  new Logger('LoRaWatch').log(`Console on http://localhost:${config.port} (data in ${config.dataDir})`);
}

if (require.main === module) start();

export function start(): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
