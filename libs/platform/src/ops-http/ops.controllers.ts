import { HealthController } from './health.controller';
import { MetricsController } from './metrics.controller';

/** The operations endpoints every process that serves HTTP registers, in this order: /health, then /metrics. */
export const OPS_CONTROLLERS = [HealthController, MetricsController];
