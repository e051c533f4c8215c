import type { Observable } from 'rxjs';
import type { ApiClient } from '../../../lib/api';

/** `PUT user/{username}` with `first_login: false`: the tour then no longer starts by itself (docs/console.md §4). */
export function clearFirstLogin(api: ApiClient, username: string): Observable<unknown> {
  return api.put(`user/${encodeURIComponent(username)}`, { first_login: false });
}
