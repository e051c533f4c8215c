import {
  catchError,
  concat,
  exhaustMap,
  filter,
  map,
  of,
  switchMap,
  take,
  timeout,
  timer,
  type Observable,
} from 'rxjs';
import type { ApiClient } from '../../../lib/api';
import { pollConnectionTest, startConnectionTest } from '../api/data-sources-api';
import type { DataSourcePayload } from '../types/data-source';
import { serverMessage } from '../utils/server-message';

/** Spec part 2 §4 and §9: poll every 5 s, give up after 30 s. */
export const TEST_POLL_MS = 5_000;
export const TEST_TIMEOUT_MS = 30_000;
export const TEST_TIMEOUT_TEXT = 'Timeout - Connection test unsuccessful';

export type ConnectionTestState =
  | { status: 'idle' }
  | { status: 'running' }
  | { status: 'success'; message: string }
  | { status: 'failure'; message: string };

export const TEST_IDLE: ConnectionTestState = { status: 'idle' };

export interface ConnectionTestTiming {
  pollMs?: number;
  timeoutMs?: number;
  /** The data source being edited (its stored secrets fill the form's empty ones), null for a new one. */
  editingId?: number | null;
}

/**
 * One connection test as a stream of states: POST the settings, then poll the result until the server has one
 * (success when its type is SUCCESS), a request fails, or the time is up (docs/console.md §8 texts).
 */
export function runConnectionTest(
  api: ApiClient,
  payload: DataSourcePayload,
  { pollMs = TEST_POLL_MS, timeoutMs = TEST_TIMEOUT_MS, editingId = null }: ConnectionTestTiming = {},
): Observable<ConnectionTestState> {
  const outcome$ = startConnectionTest(api, payload, editingId).pipe(
    switchMap(({ id }) =>
      timer(pollMs, pollMs).pipe(
        // A slow answer must not stack a second poll behind it.
        exhaustMap(() => pollConnectionTest(api, id)),
        filter((reply) => reply.haveResponse),
        take(1),
        map((reply): ConnectionTestState => ({
          status: reply.type === 'SUCCESS' ? 'success' : 'failure',
          message: `${reply.type}: ${reply.message}`,
        })),
        timeout({
          first: timeoutMs,
          with: () => of<ConnectionTestState>({ status: 'failure', message: TEST_TIMEOUT_TEXT }),
        }),
      ),
    ),
    catchError((error: unknown) =>
      of<ConnectionTestState>({ status: 'failure', message: `Test unsuccessful: ${serverMessage(error)}` }),
    ),
  );
  return concat(of<ConnectionTestState>({ status: 'running' }), outcome$);
}
