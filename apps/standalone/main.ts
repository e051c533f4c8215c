import 'reflect-metadata';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AppConfig } from '@lorawatch/config/app-config';
import { createHttpApp } from '@lorawatch/processes/http-app';
import { listen } from '@lorawatch/processes/listen';
import { runProcess } from '@lorawatch/processes/main';
import { printStartBanner } from '@lorawatch/processes/start-banner';
import { standaloneShape } from './app.module';
import { Runtime } from './runtime';

/** The whole console in one process, on the embedded engines unless server URLs are configured. */
export function createApp(config: AppConfig): Promise<NestExpressApplication> {
  return createHttpApp(config, standaloneShape(config));
}

export function start(): void {
  runProcess(async (config) => {
    const app = await createApp(config);
    await listen(app, config);
    printStartBanner(config, app.get(Runtime).summary);
  });
}

if (require.main === module) start();
