import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../auth/jwt-auth.guard';
import { Metrics } from '@lorawatch/ops/metrics';
import { READINESS, type Readiness } from '@lorawatch/ops/readiness';
import { withConsumerHealth } from '@lorawatch/ops/supervision';

/** The process's health, for load balancers and orchestrators. */
@ApiTags('Ops')
@Controller()
export class HealthController {
  constructor(
    private readonly metrics: Metrics,
    @Inject(READINESS) private readonly readiness: Readiness,
  ) {}

  /**
   * 200 once the process is ready (read models caught up, collectors started), 503 before; 503 with status
   * 'degraded' too while a consumer or subscription is down waiting for its restart.
   */
  @Public()
  @Get('health')
  getHealth(@Res() response: Response) {
    const status = withConsumerHealth(
      this.readiness.status(),
      this.metrics.consumers,
      this.readiness.downElsewhere?.() ?? [],
    );
    response.status(status.ready ? 200 : 503).json(status);
  }
}
