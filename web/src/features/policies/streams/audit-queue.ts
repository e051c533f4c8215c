import { catchError, distinctUntilChanged, map, of, switchMap, timer, type Observable } from 'rxjs';
import type { ApiClient } from '../../../lib/api';
import { getAuditQueue } from '../api/policies-api';

/** The audit queue drains as the server works: read again this often while the keys section is shown. */
export const AUDIT_QUEUE_REFRESH_MS = 15_000;

/**
 * How many devices await their AppKey audit, re-read every `refreshMs`. A failed read counts as none: the line is a
 * hint beside the key list, not worth an error of its own.
 */
export function createAuditQueue$(api: ApiClient, refreshMs = AUDIT_QUEUE_REFRESH_MS): Observable<number> {
  return timer(0, refreshMs).pipe(
    switchMap(() =>
      getAuditQueue(api).pipe(
        map((answer) => answer.pending_devices),
        catchError(() => of(0)),
      ),
    ),
    distinctUntilChanged(),
  );
}
