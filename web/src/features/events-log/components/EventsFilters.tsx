import { Anchor, Chip, Group, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { DateRangePicker } from '../../../components/DateRangePicker';
import { QuickRangeButtons } from '../../../components/QuickRangeButtons';
import type { AlertType } from '../../../lib/alerts/alert';
import { RISKS } from '../../../lib/levels';
import { hasEventFilters, type EventsAction, type EventsFilters } from '../types/events-view';

/** How long typing pauses before the search is sent. */
export const EVENTS_SEARCH_DEBOUNCE_MS = 300;

const STATUSES = [
  { value: 'resolved', label: 'Resolved' },
  { value: 'unresolved', label: 'Unresolved' },
] as const;

/** The search box: a DevEUI, DevAddr or gateway EUI, or part of a device or gateway name; Esc empties it. */
function EventsSearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(value);
  const send = useDebouncedCallback(onSearch, EVENTS_SEARCH_DEBOUNCE_MS);
  // A search set from elsewhere (the URL, Clear) shows in the box.
  useEffect(() => setText(value), [value]);
  return (
    <TextInput
      size="xs"
      w={260}
      label="Search"
      placeholder="DevEUI, DevAddr, device or gateway name"
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
 * The events log's search, date range (the Alerts pickers and quick ranges: the start stays before the end), alert
 * types, risks and state. Every choice is kept in the URL by the page's view.
 */
export function EventsFilters({
  filters,
  alertTypes,
  dispatch,
}: {
  filters: EventsFilters;
  alertTypes: ReadonlyMap<string, AlertType>;
  dispatch: (action: EventsAction) => void;
}) {
  const typeOptions = useMemo(() => {
    const options = [...alertTypes.values()].map((type) => ({ value: type.code, label: type.name }));
    // A type in the URL that the list of types does not (yet) hold still shows, by its code.
    for (const code of filters.types) {
      if (!alertTypes.has(code)) options.push({ value: code, label: code });
    }
    return options.sort((a, b) => a.label.localeCompare(b.label));
  }, [alertTypes, filters.types]);

  return (
    <Stack gap="sm" data-testid="events-filters">
      <Group gap="lg" align="flex-end" wrap="wrap">
        <EventsSearchBox value={filters.search} onSearch={(text) => dispatch({ type: 'search', text })} />
        <DateRangePicker value={filters.range} onChange={(range) => dispatch({ type: 'range', range })} />
        <QuickRangeButtons
          active={filters.quick}
          onPick={(range) => dispatch({ type: 'quick-range', range, now: new Date() })}
        />
      </Group>
      <Group gap="lg" align="flex-end" wrap="wrap">
        <MultiSelect
          size="xs"
          w={320}
          label="Alert types"
          placeholder={filters.types.length ? undefined : 'All types'}
          data={typeOptions}
          value={[...filters.types]}
          onChange={(codes) => dispatch({ type: 'types', codes })}
          searchable
          clearable
        />
        <Stack gap={4}>
          <Text size="xs" fw={500} id="events-risk-label">
            Risk
          </Text>
          <Group gap="xs" role="group" aria-labelledby="events-risk-label">
            {RISKS.map((risk) => (
              <Chip
                key={risk}
                size="xs"
                checked={filters.risks.includes(risk)}
                onChange={() => dispatch({ type: 'toggle-risk', risk })}
              >
                {risk}
              </Chip>
            ))}
          </Group>
        </Stack>
        <Stack gap={4}>
          <Text size="xs" fw={500} id="events-status-label">
            State
          </Text>
          <Group gap="xs" role="group" aria-labelledby="events-status-label">
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
        {hasEventFilters(filters) && (
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => dispatch({ type: 'clear-filters', now: new Date() })}
          >
            Clear filters
          </Anchor>
        )}
      </Group>
    </Stack>
  );
}
