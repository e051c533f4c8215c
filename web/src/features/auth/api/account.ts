import type { Observable } from 'rxjs';
import type { ApiClient } from '../../../lib/api';

/** `POST register` without a token: a self sign-up (docs/api.md §2). */
export interface SignUpRequest {
  username: string;
  full_name: string;
  email: string;
  phone?: string;
  recaptcha_token: string;
}

export interface MessageAnswer {
  message: string;
}

export function postSignUp(api: ApiClient, request: SignUpRequest): Observable<MessageAnswer> {
  return api.post<MessageAnswer>('register', request, { bearer: null });
}

/** `PUT password_recovery`: `email` carries the username or the e-mail; answers `null` either way. */
export function putPasswordRecovery(api: ApiClient, login: string, recaptchaToken: string): Observable<null> {
  return api.put<null>(
    'password_recovery',
    { email: login, recaptcha_token: recaptchaToken },
    { bearer: null },
  );
}

/** Which mailed link set the password: the activation of a new account, or a recovery. */
export type PasswordLinkKind = 'activation' | 'recovery';

const PASSWORD_PATHS: Record<PasswordLinkKind, string> = {
  activation: 'create_password',
  recovery: 'change_password_by_recovery',
};

export function putPasswordByLink(
  api: ApiClient,
  kind: PasswordLinkKind,
  token: string,
  password: string,
  password2: string,
): Observable<MessageAnswer> {
  return api.put<MessageAnswer>(
    `${PASSWORD_PATHS[kind]}/${encodeURIComponent(token)}`,
    { password, password2 },
    { bearer: null },
  );
}

/** `PUT change_email/{token}`: the link of an e-mail change confirms it. */
export function putConfirmEmailChange(api: ApiClient, token: string): Observable<MessageAnswer> {
  return api.put<MessageAnswer>(`change_email/${encodeURIComponent(token)}`, undefined, { bearer: null });
}
