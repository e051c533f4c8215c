import { Logger } from '@nestjs/common';
import { ConfigError, loadConfig, type AppConfig } from '@lorawatch/config/app-config';

/** Loads the configuration (exit 2 with the problems when invalid) and runs `main`; a failure exits 1. */
export function runProcess(main: (config: AppConfig) => Promise<void>): void {
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
  main(config).catch((error: unknown) => {
    new Logger('LoRaWatch').error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  });
}
