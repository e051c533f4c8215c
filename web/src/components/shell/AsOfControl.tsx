import { DateTimePicker } from '@mantine/dates';
import dayjs from 'dayjs';

const FORMAT = 'MM/DD/YY hh:mm A';

/** The header's "As of" time picker: picking a past time shows the console as it was then. */
export function AsOfControl({
  value,
  onChange,
  fullWidth = false,
}: {
  value: string | undefined;
  onChange: (asOf: string | undefined) => void;
  /** Takes the whole width of its container (the navigation drawer on a phone) instead of 170 px. */
  fullWidth?: boolean;
}) {
  return (
    <DateTimePicker
      aria-label="As of"
      placeholder="As of"
      size="xs"
      w={fullWidth ? '100%' : 170}
      clearable
      valueFormat={FORMAT}
      maxDate={new Date()}
      value={value ? new Date(value) : null}
      onChange={(picked) => onChange(picked ? dayjs(picked).toDate().toISOString() : undefined)}
    />
  );
}
