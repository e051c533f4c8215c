import { useEffect, useRef, useState } from 'react';
import type { Subscription } from 'rxjs';
import { useServices } from '../../../lib/services-context';
import { getAlertHistory, getAlertHistoryLines } from '../api/alert-history-api';
import { ALERT_HISTORY_PAGE_SIZE, type AlertHistoryPage } from '../types/alert-history';
import { saveJsonLines } from '../utils/alert-history-text';

export interface AlertHistory {
  status: 'loading' | 'ready' | 'error';
  data: AlertHistoryPage | null;
  /** 0-based. */
  page: number;
  setPage: (page: number) => void;
  exporting: 'idle' | 'exporting' | 'failed';
  exportLines: () => void;
}

/** The alert's events a page at a time, read while `enabled` (the section is open). */
export function useAlertHistory(alertId: number, enabled: boolean): AlertHistory {
  const { api } = useServices();
  const [page, setPage] = useState(0);
  const [state, setState] = useState<Pick<AlertHistory, 'status' | 'data'>>({
    status: 'loading',
    data: null,
  });
  const [exporting, setExporting] = useState<AlertHistory['exporting']>('idle');
  const pendingExport = useRef<Subscription | null>(null);

  useEffect(() => {
    if (!enabled) return;
    setState((current) => ({ status: 'loading', data: current.data }));
    const subscription = getAlertHistory(api, alertId, page + 1, ALERT_HISTORY_PAGE_SIZE).subscribe({
      next: (data) => setState({ status: 'ready', data }),
      error: () => setState((current) => ({ status: 'error', data: current.data })),
    });
    return () => subscription.unsubscribe();
  }, [api, alertId, page, enabled]);
  useEffect(() => () => pendingExport.current?.unsubscribe(), []);

  return {
    ...state,
    page,
    setPage,
    exporting,
    exportLines: () => {
      pendingExport.current?.unsubscribe();
      setExporting('exporting');
      pendingExport.current = getAlertHistoryLines(api, alertId).subscribe({
        next: (lines) => {
          saveJsonLines(`alert-${alertId}-history.jsonl`, lines);
          setExporting('idle');
        },
        error: () => setExporting('failed'),
      });
    },
  };
}
