import { Badge } from '@mantine/core';
import { STATUS_COLORS } from '../types/data-source';

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge
      color={STATUS_COLORS[status] ?? 'blue'}
      variant="filled"
      radius="sm"
      miw="max-content"
      data-testid="status-badge"
    >
      {status}
    </Badge>
  );
}
