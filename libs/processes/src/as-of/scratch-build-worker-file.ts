import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The file of the thread that builds the product's read models as of a time (SCRATCH_BUILD_WORKER): the compiled
 * .js beside this file in the built server, the .ts source under the test runner or tsx.
 */
export function scratchBuildWorkerFile(): string {
  const compiled = join(__dirname, 'scratch-build.worker.js');
  return existsSync(compiled) ? compiled : join(__dirname, 'scratch-build.worker.ts');
}
