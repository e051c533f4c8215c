import 'reflect-metadata';
import { Logger, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig, type AppConfig } from '@lorawatch/config/app-config';
import { setupOpenApi } from '@lorawatch/ops/openapi';
import { ConflictFilter } from '@lorawatch/platform/conflict.filter';
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
  app.enableCors({ exposedHeaders: ['total-items', 'total-pages'] });
  app.useGlobalPipes(new ValidationPipe({ transform: true, whitelist: true, forbidNonWhitelisted: true }));
  app.useGlobalFilters(new ConflictFilter());
  app.enableShutdownHooks();
  setupOpenApi(app);
  serveConsole(app, config.webDir);
  // Handlers and gateways are registered by init(); the engines, seeds, detectors and collectors start after.
  await app.init();
  await app.get(Runtime).start();
  return app;
}

/** The built React console, with index.html for every client-side route. */
function serveConsole(app: NestExpressApplication, webDir: string): void {
  const index = join(webDir, 'index.html');
  if (!existsSync(index)) {
    new Logger('Web').warn(`No built console in ${webDir}: run "npm run build" (the API still works)`);
    return;
  }
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
