import { OpsController } from '@lorawatch/ops/ops.controller';
import type { ProcessShape } from '@lorawatch/processes/core.module';
import { RealtimeGateway } from '@lorawatch/realtime/realtime.gateway';
import { Runtime } from './runtime';

/** Everything in one process: API, websocket, collectors, detectors, projections (and the demo network). */
export const STANDALONE: ProcessShape = {
  runtime: Runtime,
  controllers: [OpsController],
  providers: [RealtimeGateway],
};
