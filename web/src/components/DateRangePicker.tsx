import { Group } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import dayjs from 'dayjs';
import { pickBound, type DateRange } from '../lib/date-range';

export interface DateRangePickerProps {
  value: DateRange;
  onChange: (range: DateRange) => void;
  startLabel?: string;
  endLabel?: string;
}

const FORMAT = 'MM/DD/YY hh:mm A';

/** Start and end date-time pickers with a 15-minute time step; `pickBound` keeps the start before the end. */
export function DateRangePicker({
  value,
  onChange,
  startLabel = 'Start',
  endLabel = 'End',
}: DateRangePickerProps) {
  const pick = (bound: 'from' | 'to') => (picked: string | null) => {
    if (!picked) return;
    onChange(pickBound(value, bound, dayjs(picked).toDate()));
  };
  return (
    <Group gap="sm" align="flex-end">
      <DateTimePicker
        label={startLabel}
        size="xs"
        w={190}
        valueFormat={FORMAT}
        value={value.from}
        onChange={pick('from')}
        timePickerProps={{ minutesStep: 15 }}
      />
      <DateTimePicker
        label={endLabel}
        size="xs"
        w={190}
        valueFormat={FORMAT}
        value={value.to}
        onChange={pick('to')}
        timePickerProps={{ minutesStep: 15 }}
      />
    </Group>
  );
}
