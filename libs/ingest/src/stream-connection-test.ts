import type { IncomingMessage } from 'node:http';

export type ConnectionTestType = 'SUCCESS' | 'ERROR' | 'LOGIN_FAILED' | 'TIMEOUT';

export interface ConnectionTestResult {
  type: ConnectionTestType;
  message: string;
}

/** What opening a collector's HTTP stream gives: never a rejection, every failure a value with its reason. */
export type OpenedStream =
  | { kind: 'open'; response: IncomingMessage }
  | { kind: 'login-failed'; message: string }
  | { kind: 'failed'; message: string; timedOut: boolean };

/** How one kind of streaming data source is reached, for a connection test. */
export interface StreamConnectionPlan<Target> {
  /** Validates the settings into a target; a throw is the ERROR answer with its message. */
  target(): Target;
  open(target: Target, options: { signal: AbortSignal; timeoutMs: number }): Promise<OpenedStream>;
  /** The host named in the TIMEOUT answer. */
  host(target: Target): string;
  /** The SUCCESS answer's message. */
  opened(target: Target): string;
}

/**
 * The data-source "test connection" of a streaming source: opens the stream once and closes it as soon as the
 * server answered.
 */
export async function testStreamConnection<Target>(
  plan: StreamConnectionPlan<Target>,
  timeoutMs: number,
): Promise<ConnectionTestResult> {
  let target: Target;
  try {
    target = plan.target();
  } catch (error) {
    return { type: 'ERROR', message: error instanceof Error ? error.message : String(error) };
  }
  const abort = new AbortController();
  const opened = await plan.open(target, { signal: abort.signal, timeoutMs });
  abort.abort();
  switch (opened.kind) {
    case 'open':
      opened.response.destroy();
      return { type: 'SUCCESS', message: plan.opened(target) };
    case 'login-failed':
      return { type: 'LOGIN_FAILED', message: opened.message };
    case 'failed':
      return opened.timedOut
        ? { type: 'TIMEOUT', message: `${plan.host(target)} did not answer within ${timeoutMs} ms` }
        : { type: 'ERROR', message: opened.message };
  }
}
