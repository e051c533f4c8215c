import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { IMPORTANCES, type Importance } from '../../../lib/levels';

export interface SetImportanceDialogProps {
  opened: boolean;
  count: number;
  onClose: () => void;
  /** Resolves true when the importance was set. */
  onAssign: (importance: Importance) => Promise<boolean>;
}

export function SetImportanceDialog({ opened, count, onClose, onAssign }: SetImportanceDialogProps) {
  const [choice, setChoice] = useState<Importance | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const close = () => {
    setChoice(null);
    setFailed(false);
    onClose();
  };

  const assign = async () => {
    if (!choice) return;
    setBusy(true);
    setFailed(false);
    const ok = await onAssign(choice);
    setBusy(false);
    if (ok) close();
    else setFailed(true);
  };

  return (
    <Modal opened={opened} onClose={close} title="SET IMPORTANCE">
      <Stack>
        <Text size="sm">
          {count} selected asset{count === 1 ? '' : 's'}
        </Text>
        <Radio.Group label="Importance" value={choice} onChange={(value) => setChoice(value as Importance)}>
          <Group mt="xs">
            {IMPORTANCES.map((importance) => (
              <Radio key={importance} value={importance} label={importance} />
            ))}
          </Group>
        </Radio.Group>
        {failed && (
          <Text c="red" size="sm" role="alert">
            Something went wrong. Try again later.
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={assign} disabled={!choice} loading={busy}>
            Assign
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
