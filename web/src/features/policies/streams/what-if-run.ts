import {
  Observable,
  catchError,
  exhaustMap,
  map,
  of,
  shareReplay,
  startWith,
  switchMap,
  takeWhile,
  tap,
  timer,
} from 'rxjs';
import { isApiError, type ApiClient } from '../../../lib/api';
import { serverMessage } from '../../../lib/server-message';
import { cancelWhatIf, getWhatIf, startWhatIf } from '../api/what-if-api';
import type { WhatIfJob, WhatIfJobId, WhatIfProgress, WhatIfRequest, WhatIfResult } from '../types/what-if';

/** How often a running try is read again. */
export const WHAT_IF_POLL_MS = 1000;

export const WHAT_IF_TEXTS = {
  failed: 'The policy could not be tried. Try again later.',
  cancelled: 'The try was cancelled.',
  noChange: 'No alerts would change.',
} as const;

/** A try of a policy as the screen shows it. */
export type WhatIfRun =
  | { status: 'starting' }
  | { status: 'running'; progress: WhatIfProgress }
  | { status: 'done'; result: WhatIfResult }
  | { status: 'failed'; message: string }
  | { status: 'cancelled' };

/** The server's words for a refused call (a 4xx); a generic text for a fault or a lost connection. */
function failureText(error: unknown): string {
  const refused = isApiError(error) && error.status >= 400 && error.status < 500;
  return (refused ? serverMessage(error) : null) ?? WHAT_IF_TEXTS.failed;
}

function runOf(job: WhatIfJob): WhatIfRun {
  switch (job.status) {
    case 'running':
      return { status: 'running', progress: job.progress };
    case 'done':
      return job.result
        ? { status: 'done', result: job.result }
        : { status: 'failed', message: job.error || WHAT_IF_TEXTS.failed };
    case 'cancelled':
      return { status: 'cancelled' };
    default:
      return { status: 'failed', message: job.error || WHAT_IF_TEXTS.failed };
  }
}

/**
 * Starts a what-if job and reads it every `pollMs` until it is over. Unsubscribing while the job still runs (the
 * Cancel button, leaving the page) cancels it on the server, also when its start has not been answered yet.
 */
export function createWhatIfRun$(
  api: ApiClient,
  request: WhatIfRequest,
  pollMs = WHAT_IF_POLL_MS,
): Observable<WhatIfRun> {
  return new Observable<WhatIfRun>((subscriber) => {
    let jobId: WhatIfJobId | null = null;
    let over = false;
    // Not aborted when the run is left: the id it answers is what the cancel needs.
    const started$ = startWhatIf(api, request).pipe(shareReplay({ bufferSize: 1, refCount: false }));

    const subscription = started$
      .pipe(
        tap(({ id }) => (jobId = id)),
        switchMap(({ id }) =>
          timer(0, pollMs).pipe(
            exhaustMap(() => getWhatIf(api, id)),
            takeWhile((job) => job.status === 'running', true),
          ),
        ),
        map(runOf),
        tap((run) => (over = run.status !== 'running')),
        startWith<WhatIfRun>({ status: 'starting' }),
        catchError((error: unknown) => {
          // A refused start leaves no job behind; a failed read leaves one running, cancelled below.
          if (jobId === null) over = true;
          return of<WhatIfRun>({ status: 'failed', message: failureText(error) });
        }),
      )
      .subscribe(subscriber);

    return () => {
      subscription.unsubscribe();
      if (over) return;
      const cancel$ =
        jobId !== null
          ? cancelWhatIf(api, jobId)
          : started$.pipe(switchMap(({ id }) => cancelWhatIf(api, id)));
      cancel$.subscribe({ error: () => undefined });
    };
  });
}
