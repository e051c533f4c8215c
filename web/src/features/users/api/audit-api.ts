import type { Observable } from 'rxjs';
import type { ApiClient } from '../../../lib/api';

/** `GET audit/verify` (administrators): the walk of the event store's hash chain. */
export interface EventRecordCheck {
  ok: boolean;
  head_position: number;
  head_hash: string;
  checked_at: string;
  first_bad_position?: number;
  problem?: string;
  chain_start: { position: number; at: string; reason: 'new store' | 'migration' } | null;
  before_chain: number;
}

export function getEventRecordCheck(api: ApiClient): Observable<EventRecordCheck> {
  return api.get<EventRecordCheck>('audit/verify');
}
