import {
  Controller,
  Get,
  Header,
  Headers,
  HttpException,
  HttpStatus,
  Inject,
  NotFoundException,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/jwt-auth.guard';
import { APP_CONFIG, type AppConfig } from '@lorawatch/config/app-config';
import { Metrics } from '@lorawatch/ops/metrics';
import { PROMETHEUS_CONTENT_TYPE, metricsAuthorized, metricsText } from '@lorawatch/ops/metrics-endpoint';
import { READINESS, type Readiness } from '@lorawatch/ops/readiness';

/** The process's metrics in the Prometheus text format. */
@ApiTags('Ops')
@Controller()
export class MetricsController {
  constructor(
    private readonly metrics: Metrics,
    @Inject(READINESS) private readonly readiness: Readiness,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Open by default; behind METRICS_TOKEN when set; on METRICS_PORT only (404 here) when that is set. */
  @Public()
  @Get('metrics')
  @Header('Content-Type', PROMETHEUS_CONTENT_TYPE)
  async getMetrics(@Headers('authorization') authorization: string | undefined): Promise<string> {
    if (this.config.metricsPort !== null) throw new NotFoundException();
    if (!metricsAuthorized(this.config, authorization))
      throw new HttpException({ message: 'A metrics token is required' }, HttpStatus.UNAUTHORIZED);
    return metricsText(this.readiness, this.metrics);
  }
}
