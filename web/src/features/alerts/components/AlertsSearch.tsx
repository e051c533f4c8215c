import { Chip, Group, Stack, Text } from '@mantine/core';
import { DateRangePicker } from '../../../components/DateRangePicker';
import { QuickRangeButtons } from '../../../components/QuickRangeButtons';
import type { ReviewAction, ReviewFilters } from '../types/review-view';

const STATUSES = [
  { value: 'resolved', label: 'Resolved' },
  { value: 'unresolved', label: 'Unresolved' },
] as const;

/**
 * The range pickers, quick ranges and the status filter. Only one status can be on; turning the active one off
 * leaves no status filter (docs/console.md §4), which a radio group cannot express, hence two toggling chips.
 */
export function AlertsSearch({
  filters,
  dispatch,
}: {
  filters: ReviewFilters;
  dispatch: (action: ReviewAction) => void;
}) {
  return (
    <Group gap="lg" align="flex-end" wrap="wrap" data-testid="alerts-search">
      <DateRangePicker value={filters.range} onChange={(range) => dispatch({ type: 'range', range })} />
      <QuickRangeButtons
        active={filters.quick}
        onPick={(range) => dispatch({ type: 'quick-range', range, now: new Date() })}
      />
      <Stack gap={4}>
        <Text size="xs" fw={500} id="alerts-status-label">
          Status
        </Text>
        <Group gap="xs" role="group" aria-labelledby="alerts-status-label">
          {STATUSES.map(({ value, label }) => (
            <Chip
              key={value}
              size="xs"
              checked={filters.status === value}
              onChange={() => dispatch({ type: 'toggle-status', status: value })}
            >
              {label}
            </Chip>
          ))}
        </Group>
      </Stack>
    </Group>
  );
}
