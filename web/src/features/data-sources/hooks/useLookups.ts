import { useObservable, useObservableState } from 'observable-hooks';
import { catchError, map, of } from 'rxjs';
import { useServices } from '../../../lib/services-context';
import { getPolicyOptions, getTtnRegions } from '../api/data-sources-api';
import type { PolicyOption, TtnRegion } from '../types/data-source';

/** Region names by id, for display; empty when they cannot be read. */
export function useRegionNames(): Record<number, string> {
  const { api } = useServices();
  const names$ = useObservable(() =>
    getTtnRegions(api).pipe(
      map((regions) => Object.fromEntries(regions.map((region: TtnRegion) => [region.id, region.name]))),
      catchError(() => of({})),
    ),
  );
  return useObservableState(names$, {});
}

/** Policy names by id, for display; empty when they cannot be read. */
export function usePolicyNames(): Record<number, string> {
  const { api } = useServices();
  const names$ = useObservable(() =>
    getPolicyOptions(api).pipe(
      map((policies) => Object.fromEntries(policies.map((policy: PolicyOption) => [policy.id, policy.name]))),
      catchError(() => of({})),
    ),
  );
  return useObservableState(names$, {});
}
