import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KeySearchResult, KeySearchTask } from '@lorawatch/detectors/app-keys/key-search';
import searchKeys from '../key-search.worker';

/** Where the attempts per DevEUI are counted: threads die and are replaced, so the count lives in files. */
export const CRASH_ATTEMPTS_DIR = join(tmpdir(), 'lorawatch-key-audit-crashes');
/** Join requests of DevEUIs starting so crash their thread on every attempt. */
export const ALWAYS_CRASH_PREFIX = 'dead';
/** Join requests of DevEUIs starting so crash their thread on the first attempt only. */
export const CRASH_ONCE_PREFIX = 'deaf';

export function attemptsOf(devEui: string): number {
  try {
    return readFileSync(join(CRASH_ATTEMPTS_DIR, devEui), 'utf8').length;
  } catch {
    return 0;
  }
}

/**
 * The real search task, except that it kills its thread (an uncaught error, as a bug in native code or an
 * out-of-memory would) for the DevEUIs above: the pool, its replacement of threads and the retry are the real ones.
 */
export default function crashingSearchKeys(task: KeySearchTask): KeySearchResult | Promise<never> {
  const devEui = Buffer.from(task.frame, 'base64').subarray(9, 17).reverse().toString('hex');
  const crashes = devEui.startsWith(ALWAYS_CRASH_PREFIX) || devEui.startsWith(CRASH_ONCE_PREFIX);
  if (!crashes) return searchKeys(task);
  mkdirSync(CRASH_ATTEMPTS_DIR, { recursive: true });
  appendFileSync(join(CRASH_ATTEMPTS_DIR, devEui), 'x');
  if (devEui.startsWith(CRASH_ONCE_PREFIX) && attemptsOf(devEui) > 1) return searchKeys(task);
  setImmediate(() => {
    throw new Error(`search thread crashed on purpose (${devEui})`);
  });
  return new Promise<never>(() => undefined);
}
