import { OutsideHistoryError, type ScratchBuildTask } from '@lorawatch/projections/scratch/build-read-models';
import type { ScratchBuildOutcome } from '@lorawatch/projections/scratch/scratch-build-pool';
import { buildReadModelsAsOf } from './build-read-models-as-of';

/** The task a pool thread runs: one scratch build, described and answered with plain data. */
export default async function buildScratch(task: ScratchBuildTask): Promise<ScratchBuildOutcome> {
  try {
    return { built: await buildReadModelsAsOf(task) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return error instanceof OutsideHistoryError ? { outside: message } : { failure: message };
  }
}
