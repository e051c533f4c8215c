import { useObservable, useObservableCallback, useObservableState } from 'observable-hooks';
import { firstValueFrom, map } from 'rxjs';
import { pageCount } from '../../../lib/paging';
import { useServices } from '../../../lib/services-context';
import { usePageState } from '../../../lib/use-page-state';
import { clonePolicy, deletePolicy } from '../api/policies-api';
import { INITIAL_POLICIES, createPoliciesList$, type PoliciesListState } from '../streams/policies-list';
import type { Policy } from '../types/policy';

export interface PoliciesList extends PoliciesListState {
  page: number;
  pageSize: number;
  pageCount: number;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  remove: (policy: Policy) => Promise<void>;
  clone: (policy: Policy, name: string) => Promise<Policy>;
}

export function usePoliciesList(): PoliciesList {
  const { api } = useServices();
  const { page, pageSize, setPage, setPageSize } = usePageState();
  const [reload, reload$] = useObservableCallback<void>();
  const state$ = useObservable(
    (inputs$) =>
      createPoliciesList$(api, inputs$.pipe(map(([current, size]) => ({ page: current, size }))), reload$),
    [page, pageSize],
  );
  const state = useObservableState(state$, INITIAL_POLICIES);
  return {
    ...state,
    page,
    pageSize,
    pageCount: pageCount(state.total, pageSize),
    setPage,
    setPageSize,
    remove: async (policy) => {
      await firstValueFrom(deletePolicy(api, policy.id), { defaultValue: null });
      reload();
    },
    clone: async (policy, name) => {
      const created = await firstValueFrom(clonePolicy(api, policy.id, name.trim()));
      reload();
      return created;
    },
  };
}
