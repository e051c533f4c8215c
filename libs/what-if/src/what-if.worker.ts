import { Logger } from '@nestjs/common';
import type { WhatIfOutcome, WhatIfWorkerTask } from './what-if-pool';
import { runWhatIf } from './what-if-run';

/**
 * The task a pool thread runs: one what-if run, described and answered with plain data. Its progress goes into the
 * shared counters (packets read, packets total) the API reads while it runs. The sandbox's alerts are not logged.
 */
export default async function whatIf(task: WhatIfWorkerTask): Promise<WhatIfOutcome> {
  Logger.overrideLogger(false);
  const counters = new Float64Array(task.progress);
  try {
    const result = await runWhatIf(task, {
      onProgress: ({ packetsRead, packetsTotal }) => {
        counters[0] = packetsRead;
        counters[1] = packetsTotal;
      },
    });
    return { result };
  } catch (error) {
    return { failure: error instanceof Error ? error.message : String(error) };
  }
}
