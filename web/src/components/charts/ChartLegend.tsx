import { Anchor, Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { formatCount } from '../../lib/format';
import { COLLAPSED_LEGEND_ENTRIES, formatPercent, legendEntries, type ColouredDatum } from './chart-data';

export interface ChartLegendProps {
  data: ColouredDatum[];
  selected?: readonly string[];
  onSelect?: (id: string) => void;
  /** Shows each entry's share of the total. */
  withPercent?: boolean;
}

/** Top four entries, 'show more' / 'show less' for the rest; entries select like the chart's slices. */
export function ChartLegend({ data, selected = [], onSelect, withPercent = false }: ChartLegendProps) {
  const [expanded, setExpanded] = useState(false);
  const total = data.reduce((sum, datum) => sum + datum.value, 0);
  const entries = legendEntries(data, expanded);
  return (
    <Stack gap={4}>
      {entries.map((datum) => {
        const content = (
          <Group gap="xs" wrap="nowrap">
            <Box w={10} h={10} style={{ borderRadius: 2, background: datum.color, flex: 'none' }} />
            <Text
              size="xs"
              truncate
              title={datum.label}
              fw={selected.includes(datum.id) ? 700 : 400}
              style={{ flex: 1 }}
            >
              {datum.label}
            </Text>
            <Text size="xs" c="dimmed">
              {withPercent ? formatPercent(datum.value, total) : formatCount(datum.value)}
            </Text>
          </Group>
        );
        return onSelect ? (
          <UnstyledButton
            key={datum.id}
            onClick={() => onSelect(datum.id)}
            aria-pressed={selected.includes(datum.id)}
            aria-label={`${datum.label}: ${datum.value}`}
          >
            {content}
          </UnstyledButton>
        ) : (
          <Box key={datum.id}>{content}</Box>
        );
      })}
      {data.length > COLLAPSED_LEGEND_ENTRIES && (
        <Anchor component="button" type="button" size="xs" onClick={() => setExpanded((value) => !value)}>
          {expanded ? 'show less' : 'show more'}
        </Anchor>
      )}
    </Stack>
  );
}
