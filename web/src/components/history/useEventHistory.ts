import { useEffect, useRef, useState } from 'react';
import {
  auditTime,
  catchError,
  map,
  merge,
  NEVER,
  of,
  startWith,
  switchMap,
  timer,
  type Observable,
  type Subscription,
} from 'rxjs';
import { useAsOf } from '../shell/as-of';
import type { RealtimeEvents } from '../../lib/realtime';
import { useServices } from '../../lib/services-context';
import { earlierBound, getHistoryLines, getHistoryPage } from './history-api';
import { historyFileName, saveTextFile } from './history-text';
import { HISTORY_PAGE_SIZE, type HistoryPage, type HistorySubject } from './history-types';

/** The spec's floor: what is on screen is re-read at least every 60 s. */
const REFRESH_MS = 60_000;
/** Live alerts arrive in bursts: one re-read per burst. */
const LIVE_ALERT_AUDIT_MS = 2_000;

export type ExportStatus = 'idle' | 'exporting' | 'failed';

export interface EventHistory {
  /** The last good page stays while a refresh or another page loads, and after a failed refresh. */
  status: 'loading' | 'ready' | 'error';
  data: HistoryPage | null;
  /** 0-based. */
  page: number;
  setPage: (page: number) => void;
  exporting: ExportStatus;
  exportLines: () => void;
  /** The past time the console shows (UTC ISO), whose history is listed; undefined while live. */
  asOf: string | undefined;
}

function refreshes$(realtime: RealtimeEvents): Observable<unknown> {
  return merge(timer(REFRESH_MS, REFRESH_MS), realtime.on('new_alert').pipe(auditTime(LIVE_ALERT_AUDIT_MS)));
}

/**
 * The subject's events, newest first, a page at a time, re-read as new alerts arrive; and its export as JSON
 * Lines, named `<fileStem>-history-<time>.jsonl`. While the console shows a past time, only the events up to
 * it are read and exported, and nothing is re-read; `to`, a caller's own bound, is kept when it is earlier.
 */
export function useEventHistory(subject: HistorySubject, fileStem: string, to?: string): EventHistory {
  const { api, realtime } = useServices();
  // The subject as a value: a caller's new object for the same alert or asset is no new history.
  const subjectKey = JSON.stringify(subject);
  const asOf = useAsOf();
  const bound = earlierBound(to, asOf);
  const [page, setPage] = useState(0);
  const [state, setState] = useState<Pick<EventHistory, 'status' | 'data'>>({
    status: 'loading',
    data: null,
  });
  // Another bound is another history: read afresh from its first page, the other's events no longer shown.
  const [shownBound, setShownBound] = useState(bound);
  if (shownBound !== bound) {
    setShownBound(bound);
    setPage(0);
    setState({ status: 'loading', data: null });
  }
  const [exporting, setExporting] = useState<ExportStatus>('idle');
  const pendingExport = useRef<Subscription | null>(null);

  useEffect(() => {
    const current = JSON.parse(subjectKey) as HistorySubject;
    setState((shown) => ({ status: 'loading', data: shown.data }));
    // A past time shown does not change: no live refresh then.
    const subscription = (asOf === undefined ? refreshes$(realtime) : NEVER)
      .pipe(
        startWith(null),
        switchMap(() =>
          getHistoryPage(api, current, page + 1, HISTORY_PAGE_SIZE, bound).pipe(
            map((data) => ({ status: 'ready' as const, data })),
            catchError(() => of({ status: 'error' as const, data: null })),
          ),
        ),
      )
      .subscribe((next) => setState((shown) => (next.data ? next : { status: 'error', data: shown.data })));
    return () => subscription.unsubscribe();
  }, [api, realtime, subjectKey, page, bound, asOf]);
  useEffect(() => () => pendingExport.current?.unsubscribe(), []);

  return {
    ...state,
    page,
    setPage,
    exporting,
    asOf,
    exportLines: () => {
      pendingExport.current?.unsubscribe();
      setExporting('exporting');
      pendingExport.current = getHistoryLines(api, JSON.parse(subjectKey) as HistorySubject, bound).subscribe(
        {
          next: (lines) => {
            saveTextFile(historyFileName(fileStem, new Date()), lines);
            setExporting('idle');
          },
          error: () => setExporting('failed'),
        },
      );
    },
  };
}
