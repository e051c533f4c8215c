import {
  Controller,
  Get,
  Header,
  Headers,
  HttpException,
  HttpStatus,
  Inject,
  NotFoundException,
  Res,
} from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '../auth/jwt-auth.guard';
import { APP_CONFIG, type AppConfig } from '@lorawatch/config/app-config';
import { Metrics } from '@lorawatch/ops/metrics';
import { PROMETHEUS_CONTENT_TYPE, metricsAuthorized, metricsText } from '@lorawatch/ops/metrics-endpoint';
import { READINESS, type Readiness } from '@lorawatch/ops/readiness';
import { withConsumerHealth } from '@lorawatch/ops/supervision';

@Controller()
export class OpsController {
  constructor(
    private readonly metrics: Metrics,
    @Inject(READINESS) private readonly readiness: Readiness,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * 200 once the process is ready (read models caught up, collectors started), 503 before; 503 with status
   * 'degraded' too while a consumer or subscription is down waiting for its restart.
   */
  @Public()
  @Get('health')
  health(@Res() response: Response) {
    const status = withConsumerHealth(
      this.readiness.status(),
      this.metrics.consumers,
      this.readiness.downElsewhere?.() ?? [],
    );
    response.status(status.ready ? 200 : 503).json(status);
  }

  /** Open by default; behind METRICS_TOKEN when set; on METRICS_PORT only (404 here) when that is set. */
  @Public()
  @Get('metrics')
  @Header('Content-Type', PROMETHEUS_CONTENT_TYPE)
  async prometheus(@Headers('authorization') authorization: string | undefined): Promise<string> {
    if (this.config.metricsPort !== null) throw new NotFoundException();
    if (!metricsAuthorized(this.config, authorization))
      throw new HttpException({ message: 'A metrics token is required' }, HttpStatus.UNAUTHORIZED);
    return metricsText(this.readiness, this.metrics);
  }
}
