import type { Readiness } from '@lorawatch/ops/readiness';
import type { ReadModelSync } from '@lorawatch/projections/read-model-sync';

/** What every process's runtime does: start its part of the work once Nest has built the modules. */
export interface ProcessRuntime extends Readiness, ReadModelSync {
  start(): Promise<void>;
}

export type ProcessState = 'starting' | 'ready' | 'stopping';

/** What /health answers for a process in `state`. */
export function processStatus(state: ProcessState, details: Record<string, unknown> = {}) {
  return { ready: state === 'ready', status: state, details };
}

/** Waits for `work`, for at most `timeoutMs` (read-your-writes gives up rather than hang a request). */
export async function within(work: Promise<unknown>, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
  await Promise.race([work, timeout]);
  clearTimeout(timer);
}
