import { Controller, Get, Inject } from '@nestjs/common';
import { Public } from '@lorawatch/platform/auth/jwt-auth.guard';
import { APP_CONFIG, type AppConfig } from '@lorawatch/config/app-config';
import type { ConsoleConfigJson } from '../../console-config.json';

/**
 * Public on purpose: the map style is not a secret (the Content-Security-Policy already names its origin), and
 * the console may want it before a session exists.
 */
@Controller('api/v1.0')
export class GetConsoleConfigController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Public()
  @Get('console_config')
  getConsoleConfig(): ConsoleConfigJson {
    return { map_style_url: this.config.mapStyleUrl };
  }
}
