import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AppConfig } from '@lorawatch/config/app-config';
import { Metrics } from '@lorawatch/ops/metrics';
import { startMetricsServer } from '@lorawatch/ops/metrics-endpoint';
import { READINESS, type Readiness } from '@lorawatch/ops/readiness';

/**
 * Serves the API on HOST:PORT and, when METRICS_PORT is set, /metrics on that port (same address); the metrics
 * server closes with the application.
 */
export async function listen(app: NestExpressApplication, config: AppConfig): Promise<void> {
  await app.listen(config.port, config.host);
  const metrics = await startMetricsServer(config, app.get<Readiness>(READINESS), app.get(Metrics));
  if (metrics) app.getHttpServer().once('close', () => metrics.close());
}
