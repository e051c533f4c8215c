import type { AppConfig } from '@lorawatch/config/app-config';
import { OPS_CONTROLLERS } from '@lorawatch/platform/ops-http/ops.controllers';
import type { ProcessShape } from '@lorawatch/processes/core.module';
import { ApiRuntime } from '@lorawatch/processes/runtimes/api.runtime';
import { CollectorRuntime } from '@lorawatch/processes/runtimes/collector.runtime';
import { DetectorRuntime } from '@lorawatch/processes/runtimes/detector.runtime';
import { ProjectorRuntime } from '@lorawatch/processes/runtimes/projector.runtime';
import { RealtimeGateway } from '@lorawatch/realtime/realtime.gateway';
import { Runtime } from './runtime';

/**
 * Everything in one service: API and websocket on this thread; projector, detector and collector in threads of
 * their own (their runtimes are built there), or here too with `STANDALONE_THREADS=0`.
 */
export function standaloneShape(config: AppConfig): ProcessShape {
  const here = config.standaloneThreads ? [] : [ProjectorRuntime, DetectorRuntime, CollectorRuntime];
  return {
    runtime: Runtime,
    controllers: OPS_CONTROLLERS,
    providers: [RealtimeGateway, ApiRuntime, ...here],
  };
}
