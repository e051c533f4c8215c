import type { Observable } from 'rxjs';
import type { ApiClient } from '../../../lib/api';

export interface Credentials {
  username: string;
  password: string;
}

/** `POST login` 200 answer (docs/api.md §2); every failure is a non-200 (403 in the original). */
export interface LoginAnswer {
  message: string;
  access_token: string;
  refresh_token: string;
}

export function postLogin(api: ApiClient, credentials: Credentials): Observable<LoginAnswer> {
  return api.post<LoginAnswer>('login', credentials, { bearer: null });
}
