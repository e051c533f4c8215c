import { catchError, of, type Observable } from 'rxjs';
import type { ApiClient } from '../../../lib/api';
import { getRoles } from '../api/users-api';
import type { Role } from '../types/user';

/** The roles the viewer may see or assign (admins: all; others: their own); none when they cannot be read. */
export function createRoles$(api: ApiClient): Observable<Role[]> {
  return getRoles(api).pipe(catchError(() => of<Role[]>([])));
}
