import 'reflect-metadata';
import { runProcess } from '@lorawatch/processes/main';
import { ProjectorRuntime } from '@lorawatch/processes/runtimes/projector.runtime';
import { createWorkerApp } from '@lorawatch/processes/worker-app';

/** `npm run start:projector`: the read models' one writer, and the workers that follow the events once. */
runProcess(async (config) => {
  await createWorkerApp(config, { runtime: ProjectorRuntime }, 'Projector');
});
