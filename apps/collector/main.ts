import 'reflect-metadata';
import { runProcess } from '@lorawatch/processes/main';
import { CollectorRuntime } from '@lorawatch/processes/runtimes/collector.runtime';
import { createWorkerApp } from '@lorawatch/processes/worker-app';

/** `npm run start:collector`: one connection per data source it holds a lease on; scale by instances. */
runProcess(async (config) => {
  await createWorkerApp(config, { runtime: CollectorRuntime }, 'Collector');
});
