import type { Readiness } from '@lorawatch/ops/readiness';
import type { ReadModelSync } from '@lorawatch/projections/read-model-sync';

/** What every process's runtime does: start its part of the work once Nest has built the modules. */
export interface ProcessRuntime extends Readiness, ReadModelSync {
  start(): Promise<void>;
}

export type ProcessState = 'starting' | 'ready' | 'stopping';
