import { useEffect, useRef, useState } from 'react';
import type { Subscription } from 'rxjs';
import type { Alert } from '../../../lib/alerts/alert';
import { useServices } from '../../../lib/services-context';
import { resolveAlert } from '../api/alerts-api';

export type ResolveStatus = 'idle' | 'saving' | 'failed';

export interface ResolveAlert {
  status: ResolveStatus;
  resolve: (alertId: number, comment: string) => void;
  reset: () => void;
}

/** `PUT alerts/{id}/resolve` for the detail panel; `onResolved` gets the alert as the server now has it. */
export function useResolveAlert(onResolved: (alert: Alert) => void): ResolveAlert {
  const { api } = useServices();
  const [status, setStatus] = useState<ResolveStatus>('idle');
  const pending = useRef<Subscription | null>(null);
  const callback = useRef(onResolved);
  useEffect(() => {
    callback.current = onResolved;
  });
  useEffect(() => () => pending.current?.unsubscribe(), []);

  return {
    status,
    resolve: (alertId, comment) => {
      pending.current?.unsubscribe();
      setStatus('saving');
      pending.current = resolveAlert(api, alertId, comment).subscribe({
        next: (alert) => {
          setStatus('idle');
          callback.current(alert);
        },
        error: () => setStatus('failed'),
      });
    },
    reset: () => {
      pending.current?.unsubscribe();
      setStatus('idle');
    },
  };
}
