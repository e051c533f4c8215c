import { DateTimePicker } from '@mantine/dates';
import dayjs from 'dayjs';

const FORMAT = 'MM/DD/YY hh:mm A';

/** The header's "As of" time picker: picking a past time shows the console as it was then. */
export function AsOfControl({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (asOf: string | undefined) => void;
}) {
  return (
    <DateTimePicker
      aria-label="As of"
      placeholder="As of"
      size="xs"
      w={170}
      clearable
      valueFormat={FORMAT}
      maxDate={new Date()}
      value={value ? new Date(value) : null}
      onChange={(picked) => onChange(picked ? dayjs(picked).toDate().toISOString() : undefined)}
    />
  );
}
