import { map, type Observable } from 'rxjs';
import type { ApiClient } from '../../../lib/api';
import { pageFromHeaders, type Page } from '../../../lib/paging';
import type { Role, User } from '../types/user';

export interface MessageAnswer {
  message: string;
}

/** `GET user`: admins get their organization's users with total headers (page 1-based); others only themselves. */
export function getUsers(api: ApiClient, page: number, size: number): Observable<Page<User>> {
  return api
    .request<{ users: User[] }>('GET', 'user', { query: { page: page + 1, size } })
    .pipe(
      map((response) => pageFromHeaders({ data: response.data?.users ?? [], headers: response.headers })),
    );
}

export function getUser(api: ApiClient, username: string): Observable<User> {
  return api.get<User>(`user/${encodeURIComponent(username)}`);
}

export function getRoles(api: ApiClient): Observable<Role[]> {
  return api.get<{ user_roles: Role[] }>('user_roles').pipe(map((answer) => answer.user_roles ?? []));
}

export interface NewUserRequest {
  full_name: string;
  username: string;
  email: string;
  phone?: string;
  /** One role id as text, as the original console sent it. */
  user_roles: string;
}

/** `POST register` with the admin's token: a user of the admin's organization. */
export function postNewUser(api: ApiClient, request: NewUserRequest): Observable<MessageAnswer> {
  return api.post<MessageAnswer>('register', request);
}

export interface UserUpdate {
  full_name?: string;
  phone?: string | null;
  user_roles?: number[];
}

export function putUser(api: ApiClient, username: string, update: UserUpdate): Observable<User> {
  return api.put<User>(`user/${encodeURIComponent(username)}`, update);
}

export function deleteUser(api: ApiClient, username: string): Observable<MessageAnswer> {
  return api.delete<MessageAnswer>(`user/${encodeURIComponent(username)}`);
}

/** `POST user/{username}/unblock` (admins): lifts the user's sign-in waits. */
export function postUnblockUser(api: ApiClient, username: string): Observable<MessageAnswer> {
  return api.post<MessageAnswer>(`user/${encodeURIComponent(username)}/unblock`, {});
}

export function putResendActivation(api: ApiClient, email: string): Observable<MessageAnswer> {
  return api.put<MessageAnswer>('resend_activation', { email });
}

export interface PasswordChange {
  current_password: string;
  password: string;
  password2: string;
}

export function putChangePassword(api: ApiClient, change: PasswordChange): Observable<MessageAnswer> {
  return api.put<MessageAnswer>('change_password', change);
}

export interface EmailChange {
  email: string;
  current_password: string;
}

export function postEmailChangeRequest(api: ApiClient, change: EmailChange): Observable<MessageAnswer> {
  return api.post<MessageAnswer>('change_email_request', change);
}
