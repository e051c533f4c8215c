/**
 * Read-your-writes for the API: after a command appended its events, a controller waits (briefly) until the read
 * models have applied everything recorded so far, so the answer and the next read show the change.
 */
export interface ReadModelSync {
  settled(timeoutMs?: number): Promise<void>;
}

export const READ_MODEL_SYNC = Symbol('READ_MODEL_SYNC');
