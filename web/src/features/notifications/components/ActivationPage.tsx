import { Alert, Anchor, Center, Loader, Paper, Stack, Title } from '@mantine/core';
import { useObservable, useObservableState } from 'observable-hooks';
import { Link, useParams } from 'react-router-dom';
import { map, switchMap } from 'rxjs';
import { useServices } from '../../../lib/services-context';
import { activateDestination } from '../api/notifications-api';
import type { ActivationKind, ActivationOutcome } from '../types/notifications';

/** The spec's text for each activation result (part 2 §8). */
export function activationMessage(kind: ActivationKind, outcome: ActivationOutcome): string {
  switch (outcome.result) {
    case 'SUCCESS':
      return `The ${kind} ${outcome.value} has been activated successfully`;
    case 'NOT_FOUND':
    case 'DISABLED_TOKEN':
      return "This token doesn't exist or has expired";
    case 'EMAIL_ALREADY_ACTIVE':
      return 'That email was activated previously';
    case 'PHONE_ALREADY_ACTIVE':
      return 'That phone was activated previously';
    default:
      return 'Oops! Something went wrong. Try again later.';
  }
}

/** /notifications/{email|phone}_activation/{token}: confirms an extra notification destination. */
export function ActivationPage({ kind }: { kind: ActivationKind }) {
  const { api } = useServices();
  const { token = '' } = useParams();
  const outcome$ = useObservable(
    (inputs$) =>
      inputs$.pipe(
        switchMap(([current]) => activateDestination(api, kind, current)),
        map((value) => value),
      ),
    [token],
  );
  const outcome = useObservableState<ActivationOutcome | null>(outcome$, null);
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder p="xl" radius="md" w={480} maw="100%">
        <Stack gap="md">
          <Title order={1} size="h3">
            {kind === 'email' ? 'Email activation' : 'Phone activation'}
          </Title>
          {outcome === null ? (
            <Loader size="sm" aria-label="Activating" />
          ) : (
            <Alert
              color={outcome.result === 'SUCCESS' ? 'green' : 'red'}
              variant="light"
              role={outcome.result === 'SUCCESS' ? 'status' : 'alert'}
              data-testid="activation-result"
            >
              {activationMessage(kind, outcome)}
            </Alert>
          )}
          <Anchor component={Link} to="/login">
            Go to the console
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
