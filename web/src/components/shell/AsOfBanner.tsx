import { Alert, Button, Group, Text } from '@mantine/core';
import { formatDateTime } from '../../lib/format';

/** Shown above the page while a past time is shown, with the way back to the live state. */
export function AsOfBanner({ asOf, onBackToLive }: { asOf: string; onBackToLive: () => void }) {
  return (
    <Alert color="yellow" variant="light" mb="md" role="status" aria-label="Past time shown">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">
          Showing the history as of <strong>{formatDateTime(asOf)}</strong>: nothing recorded later is shown,
          and the screens do not update live.
        </Text>
        <Button size="xs" variant="default" onClick={onBackToLive}>
          Back to live
        </Button>
      </Group>
    </Alert>
  );
}
