import { Button, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { serverMessage } from '../../../lib/server-message';
import { useServices } from '../../../lib/services-context';
import { useOnDone, useSubmission } from '../../../lib/use-submission';
import { resolveAlerts, type BulkResolveResult } from '../api/alerts-api';

/** The summary of a bulk resolve, as the toast says it. */
export function bulkResolveSummary(result: BulkResolveResult): string {
  const resolved = result.resolved.length;
  const alerts = (count: number) => `${count} ${count === 1 ? 'alert' : 'alerts'}`;
  if (result.failed.length === 0) return `${alerts(resolved)} resolved.`;
  return `${alerts(resolved)} resolved; ${alerts(result.failed.length)} could not be resolved.`;
}

/**
 * "Resolve selected" for administrators: asks for one optional comment, resolves every selected alert and sums
 * up the result in one message. `onDone` gets the ids that were resolved.
 */
export function BulkResolveAction({
  selectedIds,
  onDone,
}: {
  selectedIds: readonly number[];
  onDone: (resolvedIds: readonly number[]) => void;
}) {
  const { api } = useServices();
  const [opened, setOpened] = useState(false);
  const [comment, setComment] = useState('');
  const [state, submit] = useSubmission((input: { ids: readonly number[]; comment: string }) =>
    resolveAlerts(api, input.ids, input.comment),
  );
  useOnDone(state, (result) => {
    setOpened(false);
    setComment('');
    notifications.show({
      color: result.failed.length === 0 ? 'green' : 'yellow',
      message: bulkResolveSummary(result),
    });
    onDone(result.resolved);
  });
  const count = selectedIds.length;
  return (
    <>
      <Button size="xs" disabled={count === 0} onClick={() => setOpened(true)}>
        {count === 0 ? 'Resolve selected' : `Resolve selected (${count})`}
      </Button>
      <ConfirmDialog
        opened={opened}
        title="Resolve selected alerts"
        confirmLabel="Resolve"
        color="blue"
        loading={state.status === 'loading'}
        error={
          state.status === 'failed'
            ? (serverMessage(state.error) ?? 'Oops! Something went wrong. Try again later.')
            : null
        }
        onCancel={() => setOpened(false)}
        onConfirm={() => submit({ ids: selectedIds, comment })}
      >
        <Text size="sm">
          Resolve {count} selected {count === 1 ? 'alert' : 'alerts'}?
        </Text>
        <Textarea
          label="Comment"
          maxLength={1024}
          autosize
          minRows={2}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
        />
      </ConfirmDialog>
    </>
  );
}
