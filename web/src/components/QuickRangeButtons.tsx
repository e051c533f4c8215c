import { Button, Group } from '@mantine/core';
import type { QuickRange } from '../lib/date-range';

const LABELS: Record<QuickRange, string> = { DAY: 'Last day', WEEK: 'Last week', MONTH: 'Last month' };

/** 'Last day', 'Last week', 'Last month'; `short` shows the 360 view's D / W / M. */
export function QuickRangeButtons({
  active,
  onPick,
  short = false,
}: {
  active: QuickRange | null;
  onPick: (range: QuickRange) => void;
  short?: boolean;
}) {
  const order: QuickRange[] = short ? ['MONTH', 'WEEK', 'DAY'] : ['DAY', 'WEEK', 'MONTH'];
  return (
    <Group gap={4} role="group" aria-label="Quick ranges">
      {order.map((range) => (
        <Button
          key={range}
          size="xs"
          variant={active === range ? 'filled' : 'default'}
          aria-pressed={active === range}
          aria-label={LABELS[range]}
          onClick={() => onPick(range)}
        >
          {short ? range[0] : LABELS[range]}
        </Button>
      ))}
    </Group>
  );
}
