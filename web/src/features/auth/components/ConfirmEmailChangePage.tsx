import { Alert, Anchor, Group, Loader, Text } from '@mantine/core';
import { useObservable, useObservableState } from 'observable-hooks';
import { switchMap } from 'rxjs';
import { Link, useParams } from 'react-router-dom';
import { useServices } from '../../../lib/services-context';
import type { MessageAnswer } from '../api/account';
import { confirmEmailChange$ } from '../streams/confirm-email-change';
import { IDLE, type Submission } from '../../../lib/submission';
import { ACCOUNT_TEXTS } from '../utils/account-messages';
import { PublicCard } from './PublicCard';

/** /change_email_request/{token}: opening the mailed link confirms the e-mail change at once. */
export function ConfirmEmailChangePage() {
  const { api } = useServices();
  const { token = '' } = useParams();
  const state$ = useObservable(
    (inputs$) => inputs$.pipe(switchMap(([value]) => confirmEmailChange$(api, value))),
    [token],
  );
  const state = useObservableState<Submission<MessageAnswer>>(state$, IDLE);

  return (
    <PublicCard title="Change Email">
      {state.status === 'done' ? (
        <Alert color="green" variant="light" role="status">
          {ACCOUNT_TEXTS.emailUpdated}
        </Alert>
      ) : state.status === 'failed' ? (
        <Alert color="red" variant="light" role="alert">
          {ACCOUNT_TEXTS.emailNotUpdated}
        </Alert>
      ) : (
        <Group justify="center" gap="sm" role="status">
          <Loader size="sm" />
          <Text size="sm">Confirming your new e-mail…</Text>
        </Group>
      )}
      {state.status === 'done' && (
        <Anchor component={Link} to="/dashboard" size="sm" ta="center">
          Go to the dashboard
        </Anchor>
      )}
    </PublicCard>
  );
}
