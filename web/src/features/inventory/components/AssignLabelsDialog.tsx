import {
  ActionIcon,
  Checkbox,
  Button,
  Divider,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorBox } from '../../../components/ErrorBox';
import { useLabels } from '../hooks/useLabels';
import type { AssetRef, Tag } from '../types/inventory';
import { CreateLabelForm } from './CreateLabelForm';
import { LabelBadge } from './LabelBadge';

export interface AssignLabelsDialogProps {
  opened: boolean;
  assets: AssetRef[];
  onClose: () => void;
  onAssigned: () => void;
}

function AssignLabelsBody({ assets, onClose, onAssigned }: Omit<AssignLabelsDialogProps, 'opened'>) {
  const labels = useLabels();
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [toDelete, setToDelete] = useState<Tag | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteFailed, setDeleteFailed] = useState(false);

  const remove = async (tag: Tag) => {
    setDeleting(true);
    setDeleteFailed(false);
    const ok = await labels.remove(tag.id);
    setDeleting(false);
    if (!ok) {
      setDeleteFailed(true);
      return;
    }
    setChosen((current) => current.filter((id) => id !== String(tag.id)));
    setToDelete(null);
    notifications.show({ color: 'green', message: `The label ${tag.name} has been deleted.` });
  };

  const assign = async () => {
    setBusy(true);
    setFailed(false);
    const ok = await labels.assign(chosen.map(Number), assets);
    setBusy(false);
    if (ok) {
      onAssigned();
      onClose();
    } else setFailed(true);
  };

  const { tags } = labels;
  return (
    <Stack>
      <Text size="sm">
        {assets.length} selected asset{assets.length === 1 ? '' : 's'}
      </Text>
      {tags.status === 'error' ? (
        <ErrorBox />
      ) : tags.status === 'loading' && tags.data.length === 0 ? (
        <Loader size="sm" aria-label="Loading labels" />
      ) : tags.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          No tags to show
        </Text>
      ) : (
        <Checkbox.Group label="Labels" value={chosen} onChange={setChosen}>
          <ScrollArea.Autosize mah={220} mt="xs">
            <Stack gap={6}>
              {tags.data.map((tag) => (
                <Group key={tag.id} justify="space-between" wrap="nowrap">
                  <Checkbox value={String(tag.id)} aria-label={tag.name} label={<LabelBadge tag={tag} />} />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="sm"
                    aria-label={`Delete label ${tag.name}`}
                    onClick={() => {
                      setDeleteFailed(false);
                      setToDelete(tag);
                    }}
                  >
                    ×
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Checkbox.Group>
      )}
      <Divider />
      <CreateLabelForm
        onCreate={async (name, color) => {
          const result = await labels.create(name, color);
          if (result.ok) setChosen((current) => [...current, String(result.tag.id)]);
          return result;
        }}
      />
      {failed && (
        <Text c="red" size="sm" role="alert">
          Something went wrong. Try again later.
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={assign} disabled={chosen.length === 0 || assets.length === 0} loading={busy}>
          Assign
        </Button>
      </Group>
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete label"
        confirmLabel="Delete"
        loading={deleting}
        error={deleteFailed ? 'Something went wrong. Try again later.' : null}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && void remove(toDelete)}
      >
        <Text size="sm">
          Delete the label <strong>{toDelete?.name}</strong>? It comes off every asset that carries it.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

/** ASSIGN LABELS: needs at least one label chosen and one asset selected; new labels can be made here. */
export function AssignLabelsDialog({ opened, ...props }: AssignLabelsDialogProps) {
  return (
    <Modal opened={opened} onClose={props.onClose} title="ASSIGN LABELS" size="lg">
      {opened && <AssignLabelsBody {...props} />}
    </Modal>
  );
}
