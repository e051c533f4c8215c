import { useObservable, useObservableState } from 'observable-hooks';
import { useServices } from '../../../lib/services-context';
import { createAuditQueue$ } from '../streams/audit-queue';

/** Devices of the organisation whose join requests wait for the AppKey audit (0 until known). */
export function useAuditQueue(): number {
  const { api } = useServices();
  const pending$ = useObservable(() => createAuditQueue$(api));
  return useObservableState(pending$, 0);
}
