import 'reflect-metadata';
import { runProcess } from '@lorawatch/processes/main';
import { DetectorRuntime } from '@lorawatch/processes/runtimes/detector.runtime';
import { createWorkerApp } from '@lorawatch/processes/worker-app';

/** `npm run start:detector`: a detector replica of the packet log's consumer group; scale by replicas. */
runProcess(async (config) => {
  await createWorkerApp(config, { runtime: DetectorRuntime }, 'Detector');
});
