import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { AdminOnly } from '../../../components/AdminOnly';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useAppKeys } from '../hooks/useAppKeys';
import { useAuditQueue } from '../hooks/useAuditQueue';
import { KEY_TEXTS, keyFailureText, pendingAuditText } from '../utils/policy-errors';
import { FULL_KEY, PARTIAL_KEY } from '../utils/policy-validation';

/** The organisation key manager shown in the LAF-009 item (docs/console.md §2, §5, §8). */
export function KeyManager() {
  const { keys, add, remove } = useAppKeys();
  const pendingAudit = pendingAuditText(useAuditQueue());
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The key whose deletion waits for confirmation.
  const [toDelete, setToDelete] = useState<string | null>(null);
  // A refusal shows where the other key errors do, below the key field.
  const confirmDelete = (key: string) =>
    void run(
      async () => {
        try {
          await remove(key);
        } finally {
          setToDelete(null);
        }
      },
      () => notifications.show({ color: 'green', message: `The key ${key.toUpperCase()} has been deleted.` }),
    );

  const run = async (action: () => Promise<void>, after?: () => void) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      after?.();
    } catch (failure) {
      setError(keyFailureText(failure));
    } finally {
      setBusy(false);
    }
  };

  const save = () => {
    if (FULL_KEY.test(draft))
      void run(
        () => add(draft),
        () => setDraft(''),
      );
  };

  return (
    <Stack gap="sm" data-testid="key-manager">
      <Group gap="xs">
        <Text fw={500} size="sm">
          Organization keys
        </Text>
        {keys.status === 'ready' && (
          <Badge variant="light" data-testid="key-count">
            {keys.data.count}
          </Badge>
        )}
      </Group>
      {pendingAudit && (
        <Text size="sm" c="dimmed" data-testid="key-audit-pending">
          {pendingAudit}
        </Text>
      )}
      <AdminOnly>
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            label="New key"
            description="32 hexadecimal characters"
            placeholder="00112233445566778899AABBCCDDEEFF"
            ff="monospace"
            style={{ flex: 1 }}
            value={draft}
            maxLength={32}
            onKeyDown={(event) => {
              // The manager sits inside the policy form: Enter saves the key, never the policy.
              if (event.key !== 'Enter') return;
              event.preventDefault();
              save();
            }}
            onChange={(event) => {
              const value = event.currentTarget.value.trim();
              // Only text that can still become a key is accepted (docs/console.md §5).
              if (PARTIAL_KEY.test(value)) setDraft(value);
            }}
            rightSection={
              <Text size="xs" c="dimmed">
                {draft.length}/32
              </Text>
            }
            rightSectionWidth={48}
          />
          <Button
            aria-label="Save key"
            onClick={save}
            disabled={!FULL_KEY.test(draft) || busy}
            loading={busy}
          >
            Save
          </Button>
        </Group>
      </AdminOnly>
      {error && (
        <Alert color="red" variant="light" role="alert" data-testid="key-error">
          {error}
        </Alert>
      )}
      {keys.status === 'loading' && <Loader size="sm" aria-label="Loading keys" />}
      {keys.status === 'error' && (
        <Alert color="red" variant="light" role="alert" data-testid="key-error">
          {KEY_TEXTS.loadFailed}
        </Alert>
      )}
      {keys.status === 'ready' &&
        (keys.data.keys.length === 0 ? (
          <Text size="sm" c="dimmed">
            {KEY_TEXTS.noKeys}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={320} mah={260}>
            <Table data-testid="keys-table">
              <Table.Tbody>
                {keys.data.keys.map(({ id, key }) => (
                  <Table.Tr key={id} data-testid="key-row">
                    <Table.Td ff="monospace">{key.toUpperCase()}</Table.Td>
                    <Table.Td w={40}>
                      <AdminOnly>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete key ${key.toUpperCase()}`}
                          disabled={busy}
                          onClick={() => setToDelete(key)}
                        >
                          ×
                        </ActionIcon>
                      </AdminOnly>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ))}
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete key"
        confirmLabel="Delete"
        loading={busy}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete !== null && confirmDelete(toDelete)}
      >
        <Text size="sm">
          Delete the key{' '}
          <Text span ff="monospace">
            {toDelete?.toUpperCase()}
          </Text>
          ? Policies stop checking devices against it.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
