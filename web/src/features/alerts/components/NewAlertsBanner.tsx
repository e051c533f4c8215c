import { Alert, Button, Group, Text } from '@mantine/core';

export function NewAlertsBanner({ onReload }: { onReload: () => void }) {
  return (
    <Alert color="blue" variant="light" data-testid="new-alerts-banner" role="status" aria-live="polite">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">There&apos;re new alerts.</Text>
        <Button size="xs" variant="filled" onClick={onReload}>
          Reload now
        </Button>
      </Group>
    </Alert>
  );
}
