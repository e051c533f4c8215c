import { useObservable, useObservableState } from 'observable-hooks';
import { useEffect, useState } from 'react';
import { catchError, forkJoin, map, of, switchMap } from 'rxjs';
import { useServices } from '../../../lib/services-context';
import { getPreferences, getTags, savePreferences } from '../api/notifications-api';
import { toRequest } from '../streams/preferences-form';
import type { NotificationPreferences, Tag } from '../types/notifications';

type Loaded =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; preferences: NotificationPreferences; tags: Tag[] };

export type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

/** Loads the caller's preferences and the organisation's labels; keeps the edited draft and saves it. */
export function usePreferences() {
  const { api } = useServices();
  const [reload, setReload] = useState(0);
  const loaded$ = useObservable(
    (inputs$) =>
      inputs$.pipe(
        switchMap(() =>
          forkJoin([getPreferences(api), getTags(api).pipe(catchError(() => of<Tag[]>([])))]).pipe(
            map(([preferences, tags]): Loaded => ({ status: 'ready', preferences, tags })),
            catchError(() => of<Loaded>({ status: 'error' })),
          ),
        ),
      ),
    [reload],
  );
  const loaded = useObservableState(loaded$, { status: 'loading' });
  const [draft, setDraft] = useState<NotificationPreferences | null>(null);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  // What the server could not save while it saved the rest (email without a mail server).
  const [saveWarning, setSaveWarning] = useState<string | null>(null);

  useEffect(() => {
    if (loaded.status === 'ready') setDraft(loaded.preferences);
  }, [loaded]);

  const save = () => {
    if (!draft) return;
    setSaveState('saving');
    setSaveWarning(null);
    savePreferences(api, toRequest(draft)).subscribe({
      next: (answer) => {
        setSaveWarning(warningOf(answer));
        setSaveState('saved');
        // Reload: extra destinations now carry their ids and activation state.
        setReload((value) => value + 1);
      },
      error: () => setSaveState('failed'),
    });
  };

  return {
    status: loaded.status,
    tags: loaded.status === 'ready' ? loaded.tags : [],
    draft,
    setDraft,
    save,
    saveState,
    saveWarning,
    hideSaved: () => setSaveState('idle'),
  };
}

/** The server answers `null`, or `{ warning }` when it saved all but one part of the preferences. */
function warningOf(answer: unknown): string | null {
  if (typeof answer !== 'object' || answer === null || !('warning' in answer)) return null;
  return typeof answer.warning === 'string' ? answer.warning : null;
}
