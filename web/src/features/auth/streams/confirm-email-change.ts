import { shareReplay, type Observable } from 'rxjs';
import type { ApiClient } from '../../../lib/api';
import { putConfirmEmailChange, type MessageAnswer } from '../api/account';
import { submission$, type Submission } from '../../../lib/submission';

const confirmations = new Map<string, Observable<Submission<MessageAnswer>>>();

/**
 * The confirmation of one mailed token, sent once per page load: a token works only once, so a remount (React's
 * development double effects, a re-render) must read the first answer instead of spending the token again.
 */
export function confirmEmailChange$(api: ApiClient, token: string): Observable<Submission<MessageAnswer>> {
  let confirmation = confirmations.get(token);
  if (!confirmation) {
    confirmation = submission$(putConfirmEmailChange(api, token)).pipe(
      shareReplay({ bufferSize: 1, refCount: false }),
    );
    confirmations.set(token, confirmation);
  }
  return confirmation;
}
