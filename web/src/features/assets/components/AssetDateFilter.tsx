import { Group } from '@mantine/core';
import { DateRangePicker } from '../../../components/DateRangePicker';
import { QuickRangeButtons } from '../../../components/QuickRangeButtons';
import { quickRange, type DateRange, type QuickRange } from '../../../lib/date-range';

export interface AssetDateFilterValue {
  range: DateRange;
  /** The preset in force; null after a manual pick. */
  quick: QuickRange | null;
}

export const DEFAULT_DATE_FILTER = (): AssetDateFilterValue => ({ range: quickRange('WEEK'), quick: 'WEEK' });

/** M / W / D presets and start/end pickers (15-minute step, start never after end). */
export function AssetDateFilter({
  value,
  onChange,
}: {
  value: AssetDateFilterValue;
  onChange: (value: AssetDateFilterValue) => void;
}) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="asset-date-filter">
      <QuickRangeButtons
        short
        active={value.quick}
        onPick={(quick) => onChange({ range: quickRange(quick), quick })}
      />
      <DateRangePicker value={value.range} onChange={(range) => onChange({ range, quick: null })} />
    </Group>
  );
}
