import { Anchor, Box, Group, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { formatCount } from '../../lib/format';
import {
  COLLAPSED_LEGEND_ENTRIES,
  OTHER_ID,
  formatPercent,
  legendEntries,
  type ColouredDatum,
} from './chart-data';

export interface ChartLegendProps {
  data: ColouredDatum[];
  selected?: readonly string[];
  onSelect?: (id: string) => void;
  /** Shows each entry's share of the total. */
  withPercent?: boolean;
  /** Past this height the expanded legend scrolls instead of pushing the page down. */
  maxHeight?: number;
}

/**
 * Top four entries, 'show more' / 'show less' for the rest; entries select like the chart's slices. Labels wrap
 * onto further lines rather than being cut, and each also shows in full as a tooltip.
 */
export function ChartLegend({
  data,
  selected = [],
  onSelect,
  withPercent = false,
  maxHeight,
}: ChartLegendProps) {
  const [expanded, setExpanded] = useState(false);
  const total = data.reduce((sum, datum) => sum + datum.value, 0);
  const entries = legendEntries(data, expanded);
  return (
    <Stack gap={4} miw={0}>
      <ScrollArea.Autosize mah={maxHeight} type="auto" offsetScrollbars>
        <Stack gap={4} data-testid="chart-legend">
          {entries.map((datum) => {
            const content = (
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Box
                  w={10}
                  h={10}
                  mt={4}
                  style={{ borderRadius: 2, background: datum.color, flex: 'none' }}
                />
                <Text
                  size="xs"
                  title={datum.label}
                  fw={selected.includes(datum.id) ? 700 : 400}
                  data-testid="chart-legend-label"
                  style={{ flex: 1, minWidth: 0, overflowWrap: 'break-word' }}
                >
                  {datum.label}
                </Text>
                <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
                  {withPercent ? formatPercent(datum.value, total) : formatCount(datum.value)}
                </Text>
              </Group>
            );
            return onSelect && datum.id !== OTHER_ID ? (
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
        </Stack>
      </ScrollArea.Autosize>
      {data.length > COLLAPSED_LEGEND_ENTRIES && (
        <Anchor
          component="button"
          type="button"
          size="xs"
          ta="left"
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? 'show less' : 'show more'}
        </Anchor>
      )}
    </Stack>
  );
}
