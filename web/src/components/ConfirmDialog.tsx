import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Shows a spinner on the confirm button and keeps the dialog open. */
  loading?: boolean;
  /** False keeps the confirm button disabled (e.g. until a confirmation box is ticked). */
  canConfirm?: boolean;
  /** Spec text shown after a failed attempt. */
  error?: string | null;
  color?: string;
}

/** The confirmation of destructive or state-changing actions: open, loading, then success or error. */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  loading = false,
  canConfirm = true,
  error = null,
  color = 'red',
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Stack gap="md">
        {children}
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={loading}>
            Cancel
          </Button>
          <Button color={color} onClick={onConfirm} loading={loading} disabled={!canConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
