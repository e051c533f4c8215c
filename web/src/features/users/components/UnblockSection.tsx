import { Button, Stack, Text } from '@mantine/core';
import { useServices } from '../../../lib/services-context';
import { useSubmission } from '../../../lib/use-submission';
import { postUnblockUser } from '../api/users-api';
import type { User } from '../types/user';

/** For an admin editing someone else: lifts the waits that failed sign-ins imposed on the user. */
export function UnblockSection({ user }: { user: User }) {
  const { api } = useServices();
  const [state, unblock] = useSubmission((username: string) => postUnblockUser(api, username));
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">
        After several failed sign-ins the user must wait a few minutes. Let them sign in now.
      </Text>
      <Button
        color="blue"
        loading={state.status === 'loading'}
        onClick={() => unblock(user.username)}
        aria-label={`Allow ${user.username} to sign in now`}
      >
        Allow sign-in now
      </Button>
      {state.status === 'done' && (
        <Text size="sm" c="green">
          {state.value.message}
        </Text>
      )}
      {state.status === 'failed' && (
        <Text size="sm" c="red">
          The sign-in could not be allowed. Try again later.
        </Text>
      )}
    </Stack>
  );
}
