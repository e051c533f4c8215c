import { Checkbox, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import type { DataSourceListItem } from '../types/data-source';

export const STATUS_CHANGE_FAILED = 'Forbidden: Something went wrong. Try again later.';
export const DELETE_FAILED = 'Something went wrong. Try again later.';

interface DialogProps {
  source: DataSourceListItem | null;
  onConfirm: (source: DataSourceListItem) => Promise<void>;
  onClose: () => void;
}

/** Runs the confirmed action; keeps the dialog open with the failure text when it fails. */
function useConfirmedAction(
  source: DataSourceListItem | null,
  onConfirm: DialogProps['onConfirm'],
  onClose: () => void,
  failure: string,
) {
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setError(null);
    setLoading(false);
  }, [source]);
  const confirm = () => {
    if (!source) return;
    setLoading(true);
    setError(null);
    onConfirm(source).then(
      () => {
        setLoading(false);
        onClose();
      },
      () => {
        setLoading(false);
        setError(failure);
      },
    );
  };
  return { loading, error, confirm };
}

/** Enable or disable through a confirmation (docs/console.md §4). */
export function StatusChangeDialog({ source, onConfirm, onClose }: DialogProps) {
  const { loading, error, confirm } = useConfirmedAction(source, onConfirm, onClose, STATUS_CHANGE_FAILED);
  const enabling = source?.status === 'DISABLED';
  const verb = enabling ? 'Enable' : 'Disable';
  return (
    <ConfirmDialog
      opened={source !== null}
      title={`${verb} data source`}
      confirmLabel={verb}
      color={enabling ? 'green' : 'red'}
      onConfirm={confirm}
      onCancel={onClose}
      loading={loading}
      error={error}
    >
      <Text size="sm">
        {enabling
          ? `The data source ${source?.name ?? ''} will start collecting messages again.`
          : `The data source ${source?.name ?? ''} will stop collecting messages until it is enabled again.`}{' '}
        Do you want to continue?
      </Text>
    </ConfirmDialog>
  );
}

/** Removing needs the tick box (docs/console.md §2). */
export function DeleteDataSourceDialog({ source, onConfirm, onClose }: DialogProps) {
  const { loading, error, confirm } = useConfirmedAction(source, onConfirm, onClose, DELETE_FAILED);
  const [ticked, setTicked] = useState(false);
  useEffect(() => setTicked(false), [source]);
  return (
    <ConfirmDialog
      opened={source !== null}
      title="Delete data source"
      confirmLabel="Delete"
      onConfirm={confirm}
      onCancel={onClose}
      loading={loading}
      canConfirm={ticked}
      error={error}
    >
      <Text size="sm">
        The data source {source?.name} will be removed and will stop collecting messages. Its alerts stay in
        the history.
      </Text>
      <Checkbox
        label="I understand, remove this data source"
        checked={ticked}
        onChange={(event) => setTicked(event.currentTarget.checked)}
      />
    </ConfirmDialog>
  );
}
