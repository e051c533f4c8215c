import { Paper, Text } from '@mantine/core';
import { formatCount } from '../../../lib/format';

/** The total alerts counter; `data-count` carries the exact number behind the K/M display. */
export function AlertsTotal({ total }: { total: number }) {
  return (
    <Paper withBorder px="md" py="xs" radius="md">
      <Text size="xs" c="dimmed" fw={600} id="alerts-total-label">
        TOTAL ALERTS
      </Text>
      <Text
        fz="xl"
        fw={700}
        data-testid="alerts-total"
        data-count={total}
        title={total.toLocaleString()}
        aria-labelledby="alerts-total-label"
        aria-live="polite"
      >
        {formatCount(total)}
      </Text>
    </Paper>
  );
}
