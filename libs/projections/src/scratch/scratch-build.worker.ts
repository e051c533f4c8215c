import { buildReadModelsAsOf, OutsideHistoryError, type ScratchBuildTask } from './build-read-models';
import type { ScratchBuildOutcome } from './scratch-build-pool';

/** The task a pool thread runs: one scratch build, described and answered with plain data. */
export default async function buildScratch(task: ScratchBuildTask): Promise<ScratchBuildOutcome> {
  try {
    return { built: await buildReadModelsAsOf(task) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return error instanceof OutsideHistoryError ? { outside: message } : { failure: message };
  }
}
