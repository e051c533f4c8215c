import { productUpcasters } from '@lorawatch/engines/product-upcasters';
import {
  buildReadModels,
  type ScratchBuildResult,
  type ScratchBuildTask,
} from '@lorawatch/projections/scratch/build-read-models';
import { PROJECTIONS_IN_ORDER } from '../read-models';

/**
 * Builds every read model of the product as it stood at `task.until` into a new file, from the live store opened
 * read-only (see buildReadModels). `onProgress` hears of the highest position applied so far.
 */
export function buildReadModelsAsOf(
  task: ScratchBuildTask,
  onProgress?: (applied: number, lastPosition: number) => void,
): Promise<ScratchBuildResult> {
  return buildReadModels(
    task,
    { projections: PROJECTIONS_IN_ORDER, upcasters: productUpcasters },
    onProgress,
  );
}
