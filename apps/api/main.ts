import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { OPS_CONTROLLERS } from '@lorawatch/platform/ops-http/ops.controllers';
import { createHttpApp } from '@lorawatch/processes/http-app';
import { listen } from '@lorawatch/processes/listen';
import { runProcess } from '@lorawatch/processes/main';
import { ApiRuntime } from '@lorawatch/processes/runtimes/api.runtime';
import { RealtimeGateway } from '@lorawatch/realtime/realtime.gateway';

/** `npm run start:api`: REST, websocket and the console over the projector's read models; scale by instances. */
runProcess(async (config) => {
  const app = await createHttpApp(config, {
    runtime: ApiRuntime,
    controllers: OPS_CONTROLLERS,
    providers: [RealtimeGateway],
  });
  await listen(app, config);
  const metrics = config.metricsPort === null ? '' : `, /metrics on port ${config.metricsPort}`;
  new Logger('LoRaWatch').log(`API on http://${config.host}:${config.port} (${config.instanceId})${metrics}`);
});
