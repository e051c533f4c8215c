import { Button, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import type { ResolveStatus } from '../hooks/useResolveAlert';

/** The server's limit on a resolution comment (docs/api.md §6). */
export const MAX_COMMENT_LENGTH = 1024;

/**
 * The alert dialog's Resolve action (administrators only: the caller wraps it in AdminOnly): a confirmation
 * asking for the comment that goes with the resolution. Closes itself once the alert is resolved.
 */
export function ResolveAlertAction({
  status,
  resolved,
  onResolve,
  onCancel,
}: {
  status: ResolveStatus;
  /** The alert is resolved now: the confirmation has done its job. */
  resolved: boolean;
  onResolve: (comment: string) => void;
  onCancel: () => void;
}) {
  const [opened, setOpened] = useState(false);
  const [comment, setComment] = useState('');
  if (resolved) return null;
  return (
    <>
      <Button size="xs" color="green" onClick={() => setOpened(true)}>
        Resolve
      </Button>
      <ConfirmDialog
        opened={opened}
        title="Resolve alert"
        confirmLabel="Resolve"
        color="green"
        loading={status === 'saving'}
        canConfirm={comment.trim() !== ''}
        error={status === 'failed' ? 'An error has occurred while trying to resolve the alert.' : null}
        onConfirm={() => onResolve(comment.trim())}
        onCancel={() => {
          setOpened(false);
          onCancel();
        }}
      >
        <Textarea
          label="Resolution comment"
          placeholder="What was done about this alert"
          autosize
          minRows={3}
          maxLength={MAX_COMMENT_LENGTH}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          data-autofocus
        />
      </ConfirmDialog>
    </>
  );
}
