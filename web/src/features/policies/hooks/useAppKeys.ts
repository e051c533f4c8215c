import { useObservable, useObservableCallback, useObservableState } from 'observable-hooks';
import { firstValueFrom, startWith, switchMap } from 'rxjs';
import { useServices } from '../../../lib/services-context';
import { addAppKey, getAppKeys, removeAppKey } from '../api/policies-api';
import { LOADING, loadable, type Loadable } from '../../../lib/loadable';
import type { AppKeysAnswer } from '../types/policy';

export interface AppKeys {
  keys: Loadable<AppKeysAnswer>;
  reload: () => void;
  add: (key: string) => Promise<void>;
  remove: (key: string) => Promise<void>;
}

/** The organisation's key dictionary (docs/api.md §12); changes apply at once, outside the policy's Save. */
export function useAppKeys(): AppKeys {
  const { api } = useServices();
  const [reload, reload$] = useObservableCallback<void>();
  const keys$ = useObservable(() =>
    reload$.pipe(
      startWith(undefined),
      switchMap(() => loadable(getAppKeys(api))),
    ),
  );
  const keys = useObservableState(keys$, LOADING as Loadable<AppKeysAnswer>);
  return {
    keys,
    reload,
    add: async (key) => {
      await firstValueFrom(addAppKey(api, key.toUpperCase()));
      reload();
    },
    remove: async (key) => {
      await firstValueFrom(removeAppKey(api, key));
      reload();
    },
  };
}
