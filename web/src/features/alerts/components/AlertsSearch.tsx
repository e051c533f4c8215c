import { Chip, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback, useHotkeys } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { DateRangePicker } from '../../../components/DateRangePicker';
import { QuickRangeButtons } from '../../../components/QuickRangeButtons';
import type { ReviewAction, ReviewFilters } from '../types/review-view';

const STATUSES = [
  { value: 'resolved', label: 'Resolved' },
  { value: 'unresolved', label: 'Unresolved' },
] as const;

/** How long typing pauses before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search box: a DevEUI, DevAddr or gateway EUI, or part of a device or gateway name. `/` anywhere on the page
 * (outside another field) puts the cursor in it; Esc empties it.
 */
function AlertsSearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(value);
  const input = useRef<HTMLInputElement>(null);
  const send = useDebouncedCallback(onSearch, SEARCH_DEBOUNCE_MS);
  // A search set from elsewhere (the URL, Back) shows in the box.
  useEffect(() => setText(value), [value]);
  useHotkeys([['/', () => input.current?.focus()]]);
  return (
    <TextInput
      ref={input}
      size="xs"
      w={280}
      label="Search"
      placeholder="DevEUI, DevAddr, device or gateway name"
      aria-keyshortcuts="/"
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        send(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        // Enter and Esc act at once: a search still waiting for the pause must not come after them.
        if (event.key === 'Escape' && text !== '') {
          event.stopPropagation();
          send.cancel();
          setText('');
          onSearch('');
        } else if (event.key === 'Enter') {
          send.cancel();
          onSearch(text);
        }
      }}
    />
  );
}

/**
 * The search box, the range pickers, quick ranges and the status filter. Only one status can be on; turning the active one off
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
      <AlertsSearchBox value={filters.search} onSearch={(text) => dispatch({ type: 'search', text })} />
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
