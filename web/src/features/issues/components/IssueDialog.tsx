import { Button, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AlertDialog } from '../../../components/alert-dialog/AlertDialog';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/services-context';
import type { IssueSelection } from '../hooks/useCurrentIssues';
import { useRemoveIssue } from '../hooks/useRemoveIssue';

/** Regular users and administrators may take a device out of quarantine (docs/api.md §7). */
const MAY_REMOVE = [1, 2];
const COMMENT_LIMIT = 1024;

export interface IssueDialogProps {
  selection: IssueSelection | null;
  onMove(direction: 'previous' | 'next'): void;
  onClose(): void;
  /** After a removal: the table and charts re-read. */
  onRemoved(): void;
}

/** The alert dialog for a current issue: since / last check, previous/next, removal and Go to Alerts. */
export function IssueDialog({ selection, onMove, onClose, onRemoved }: IssueDialogProps) {
  const session = useSession();
  const navigate = useNavigate();
  const removal = useRemoveIssue();
  const [confirming, setConfirming] = useState(false);
  const [comment, setComment] = useState('');

  const issue = selection?.issue ?? null;
  const alert = issue?.alert ?? null;

  const mayRemove = session?.userRoles.some((role) => MAY_REMOVE.includes(role)) ?? false;
  const closeConfirm = () => {
    setConfirming(false);
    setComment('');
    removal.reset();
  };

  return (
    <>
      <AlertDialog
        opened={selection !== null}
        onClose={onClose}
        alert={alert}
        alertType={issue?.alert_type ?? null}
        loading={selection?.loading ?? false}
        navigation={
          selection
            ? {
                hasPrevious: selection.hasPrevious,
                hasNext: selection.hasNext,
                onPrevious: () => onMove('previous'),
                onNext: () => onMove('next'),
              }
            : undefined
        }
        actions={
          <>
            {mayRemove && issue && (
              <Button size="xs" color="red" variant="light" onClick={() => setConfirming(true)}>
                Remove from quarantine
              </Button>
            )}
            <Button size="xs" onClick={() => navigate('/dashboard/alerts_review')}>
              Go to Alerts
            </Button>
          </>
        }
      >
        {issue && (
          <>
            <Text size="sm">
              <Text span fw={500}>
                Since:
              </Text>{' '}
              {formatDateTime(issue.since)}
            </Text>
            <Text size="sm">
              <Text span fw={500}>
                Last check:
              </Text>{' '}
              {formatDateTime(issue.last_checked)}
            </Text>
          </>
        )}
        {selection && !selection.loading && !issue && (
          <Text size="sm" c="dimmed">
            No items found
          </Text>
        )}
      </AlertDialog>

      <ConfirmDialog
        opened={confirming && issue !== null}
        title="Remove from quarantine"
        confirmLabel="Remove"
        loading={removal.loading}
        canConfirm={comment.trim() !== ''}
        error={removal.error}
        onCancel={closeConfirm}
        onConfirm={() => {
          if (!issue) return;
          removal.remove(issue.id, comment.trim(), () => {
            closeConfirm();
            onClose();
            onRemoved();
          });
        }}
      >
        <Text size="sm">
          The device leaves quarantine and the issue is marked as solved. Say why, for the record.
        </Text>
        <Textarea
          label="Comment"
          required
          autosize
          minRows={3}
          maxLength={COMMENT_LIMIT}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          description={`${comment.length}/${COMMENT_LIMIT}`}
          data-autofocus
        />
      </ConfirmDialog>
    </>
  );
}
