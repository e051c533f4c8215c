import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AppConfig } from '@lorawatch/config/app-config';
import { createHttpApp } from '@lorawatch/processes/http-app';
import { runProcess } from '@lorawatch/processes/main';
import { STANDALONE } from './app.module';

/** The whole console in one process, on the embedded engines unless server URLs are configured. */
export function createApp(config: AppConfig): Promise<NestExpressApplication> {
  return createHttpApp(config, STANDALONE);
}

export function start(): void {
  runProcess(async (config) => {
    const app = await createApp(config);
    await app.listen(config.port);
    new Logger('LoRaWatch').log(`Console on http://localhost:${config.port} (data in ${config.dataDir})`);
  });
}

if (require.main === module) start();
