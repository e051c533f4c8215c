import { Controller, Get, Header, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '@lorawatch/accounts/auth/jwt-auth.guard';
import { Metrics } from './metrics';
import { READINESS, type Readiness } from './readiness';

@Controller()
export class OpsController {
  constructor(
    private readonly metrics: Metrics,
    @Inject(READINESS) private readonly readiness: Readiness,
  ) {}

  /** 200 once the process is ready (read models caught up, collectors started), 503 before. */
  @Public()
  @Get('health')
  health(@Res() response: Response) {
    const status = this.readiness.status();
    response.status(status.ready ? 200 : 503).json(status);
  }

  @Public()
  @Get('metrics')
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  async prometheus(): Promise<string> {
    if (this.readiness.metricsText) return this.readiness.metricsText();
    await this.readiness.refreshGauges();
    return this.metrics.registry.metrics();
  }
}
