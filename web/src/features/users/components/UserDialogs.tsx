import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useServices } from '../../../lib/services-context';
import { deleteUser, putResendActivation } from '../api/users-api';
import { useOnDone, useSubmission } from '../../../lib/use-submission';
import type { User } from '../types/user';
import { USER_TEXTS } from '../utils/user-messages';

interface DialogProps {
  /** The user the dialog is about; null when closed. */
  user: User | null;
  onClose: () => void;
}

/** Removal needs a confirmation: open, loading, then the list reloads or the failure text shows. */
export function RemoveUserDialog({
  user,
  onClose,
  onRemoved,
}: DialogProps & { onRemoved: (user: User) => void }) {
  // A fresh dialog state for each user.
  return user ? <RemoveUser key={user.username} user={user} onClose={onClose} onRemoved={onRemoved} /> : null;
}

function RemoveUser({
  user,
  onClose,
  onRemoved,
}: {
  user: User;
  onClose: () => void;
  onRemoved: (user: User) => void;
}) {
  const { api } = useServices();
  const [state, remove] = useSubmission((username: string) => deleteUser(api, username));
  useOnDone(state, () => onRemoved(user));
  return (
    <ConfirmDialog
      opened
      title="Remove user"
      confirmLabel="Remove"
      loading={state.status === 'loading'}
      error={state.status === 'failed' ? USER_TEXTS.removeFailed : null}
      onConfirm={() => remove(user.username)}
      onCancel={onClose}
    >
      <Text size="sm">
        Remove the user <strong>{user.username}</strong> ({user.full_name})? They will no longer be able to
        sign in.
      </Text>
    </ConfirmDialog>
  );
}

/** Sends the activation mail again to a user who has not activated the account yet. */
export function ResendActivationDialog({ user, onClose }: DialogProps) {
  return user ? <ResendActivation key={user.username} user={user} onClose={onClose} /> : null;
}

function ResendActivation({ user, onClose }: { user: User; onClose: () => void }) {
  const { api } = useServices();
  const [state, resend] = useSubmission((email: string) => putResendActivation(api, email));
  useOnDone(state, () => {
    notifications.show({ color: 'green', message: USER_TEXTS.activationSent });
    onClose();
  });
  return (
    <ConfirmDialog
      opened
      title="Resend activation"
      confirmLabel="Send"
      color="blue"
      loading={state.status === 'loading'}
      error={state.status === 'failed' ? USER_TEXTS.activationFailed : null}
      onConfirm={() => resend(user.email ?? '')}
      onCancel={onClose}
    >
      <Text size="sm">
        Send the activation email again to <strong>{user.email}</strong> ({user.username})?
      </Text>
    </ConfirmDialog>
  );
}
