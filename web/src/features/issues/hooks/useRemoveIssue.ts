import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import type { Subscription } from 'rxjs';
import { isApiError } from '../../../lib/api';
import { useServices } from '../../../lib/services-context';
import { removeIssue } from '../api/issues-api';

export const REMOVE_FAILED = 'An error has occurred while trying to remove the device from quarantine.';
export const REMOVED = 'The device was removed from quarantine.';

function failureText(error: unknown): string {
  // The server's own words for a conflict ('The issue is already resolved') and a too long comment.
  if (isApiError(error) && (error.status === 409 || error.status === 400)) {
    const body = error.body as { error?: unknown; message?: unknown } | null;
    const text = body?.error ?? body?.message;
    if (typeof text === 'string' && text) return text;
  }
  if (isApiError(error, 404)) return 'This issue no longer exists.';
  return REMOVE_FAILED;
}

export interface RemoveIssueState {
  loading: boolean;
  error: string | null;
  remove(id: number, comment: string, onDone: () => void): void;
  reset(): void;
}

/** `POST quarantined_devices/remove` with its loading and failure states; a success is confirmed by a toast. */
export function useRemoveIssue(): RemoveIssueState {
  const { api } = useServices();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const running = useRef<Subscription | null>(null);
  useEffect(() => () => running.current?.unsubscribe(), []);

  return {
    loading,
    error,
    remove(id, comment, onDone) {
      running.current?.unsubscribe();
      setLoading(true);
      setError(null);
      running.current = removeIssue(api, id, comment).subscribe({
        next: () => {
          setLoading(false);
          notifications.show({ color: 'green', message: REMOVED });
          onDone();
        },
        error: (failure: unknown) => {
          setLoading(false);
          setError(failureText(failure));
        },
      });
    },
    reset() {
      setError(null);
    },
  };
}
