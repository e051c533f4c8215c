import { useObservableState } from 'observable-hooks';
import { exhaustMap } from 'rxjs';
import { useServices } from '../../../lib/services-context';
import type { Credentials } from '../api/login';
import { SIGN_IN_IDLE, signIn$, type SignInState } from '../streams/sign-in';

/** The sign-in action as state: submit credentials, read idle/loading/signed-in/failed. */
export function useSignIn(): [SignInState, (credentials: Credentials) => void] {
  const { api, session } = useServices();
  return useObservableState<SignInState, Credentials>(
    (credentials$) => credentials$.pipe(exhaustMap((credentials) => signIn$(api, session, credentials))),
    SIGN_IN_IDLE,
  );
}
