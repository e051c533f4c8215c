import type { Type } from '@nestjs/common';
import type { MetricObjectWithValues, MetricValue } from 'prom-client';
import type { DownWorker } from '@lorawatch/ops/supervision';
import { CollectorRuntime } from '@lorawatch/processes/runtimes/collector.runtime';
import { DetectorRuntime } from '@lorawatch/processes/runtimes/detector.runtime';
import { ProjectorRuntime } from '@lorawatch/processes/runtimes/projector.runtime';

/** The runtimes the standalone console runs in threads of their own; the api runtime stays on the main thread. */
export const THREAD_RUNTIMES = {
  projector: ProjectorRuntime,
  detector: DetectorRuntime,
  collector: CollectorRuntime,
} satisfies Record<string, Type<unknown>>;

export type ThreadRole = keyof typeof THREAD_RUNTIMES;

export type ThreadMetrics = MetricObjectWithValues<MetricValue<string>>[];

/** Main thread → runtime thread. */
export type ToThread = { type: 'stop' } | { type: 'metrics'; id: number };

/** Runtime thread → main thread. */
export type ToParent =
  | { type: 'ready' }
  | { type: 'stopped' }
  | { type: 'metrics'; id: number; metrics: ThreadMetrics }
  /** The thread's consumers and subscriptions that are down, sent whenever that list changes. */
  | { type: 'health'; down: DownWorker[] };
