import {
  Anchor,
  Box,
  Group,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
  useComputedColorScheme,
} from '@mantine/core';
import { useState } from 'react';
import { formatCount } from '../../lib/format';
import { ChartCard } from './ChartCard';
import { RANKED_TOP, formatPercent, rankedRows, type ChartDatum } from './chart-data';
import { chartColor } from './palette';

export interface RankedBarsCardProps {
  title: string;
  data: readonly ChartDatum[];
  /** Ids of the selected entries (drawn emphasised; they keep a row of their own). */
  selected?: readonly string[];
  onSelect?: (id: string) => void;
  loading?: boolean;
  error?: boolean;
  empty?: string;
  /** Height of the loader and of the empty text. */
  height?: number;
  /** Past this height the whole list ('show more') scrolls instead of pushing the page down. */
  maxHeight?: number;
  /** How many entries have a row of their own before 'show more'. */
  top?: number;
  testId?: string;
}

interface RowProps {
  datum: ChartDatum;
  /** Bar length, 0..1 of the longest row. */
  length: number;
  total: number;
  color: string;
  selected: boolean;
  faded: boolean;
  onSelect?: (id: string) => void;
}

function Figures({ value, total }: { value: number; total: number }) {
  return (
    <>
      <Text size="xs" fw={700} ta="right" style={{ flex: 'none' }} data-testid="chart-bar-count">
        {formatCount(value)}
      </Text>
      {/* Not 'dimmed': small grey text on the card would fall under 4.5:1; the count's weight sets it apart. */}
      <Text size="xs" ta="right" w={44} style={{ flex: 'none' }}>
        {formatPercent(value, total)}
      </Text>
    </>
  );
}

/** The name with its count and share on one line (the name wraps, never cut), the bar under them. */
function BarRow({ datum, length, total, color, selected, faded, onSelect }: RowProps) {
  const content = (
    <Stack gap={2} data-testid="chart-bar-row" data-id={datum.id}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Text
          size="xs"
          title={datum.label}
          fw={selected ? 700 : 400}
          ta="left"
          data-testid="chart-legend-label"
          style={{ flex: 1, minWidth: 0, overflowWrap: 'break-word' }}
        >
          {datum.label}
        </Text>
        <Figures value={datum.value} total={total} />
      </Group>
      <Box h={6} style={{ borderRadius: 3, background: 'var(--mantine-color-default-border)' }}>
        <Box
          h="100%"
          data-testid="chart-bar"
          style={{
            width: `${(length * 100).toFixed(1)}%`,
            // A row of any count shows a sliver: zero width would read as "none".
            minWidth: 2,
            background: color,
            opacity: faded ? 0.35 : 1,
            borderRadius: 3,
          }}
        />
      </Box>
    </Stack>
  );
  return onSelect ? (
    <UnstyledButton
      onClick={() => onSelect(datum.id)}
      aria-pressed={selected}
      aria-label={`${datum.label}: ${datum.value}`}
      title={datum.label}
    >
      {content}
    </UnstyledButton>
  ) : (
    <Box>{content}</Box>
  );
}

/**
 * A filter chart for counts with a long tail (the inventory by vendor): one horizontal bar per entry, largest
 * first, with its count and share; the largest few have a row of their own and the rest are summed in one
 * 'Other (n)' row, so the leaders read at a glance however many small entries there are. 'show more' lists every
 * entry (each then selectable); bars are scaled to the longest row, never to the sum of the others.
 */
export function RankedBarsCard({
  title,
  data,
  selected = [],
  onSelect,
  loading,
  error,
  empty = 'No items found',
  height = 160,
  maxHeight = 320,
  top = RANKED_TOP,
  testId,
}: RankedBarsCardProps) {
  const scheme = useComputedColorScheme('light');
  const [expanded, setExpanded] = useState(false);
  const collapsed = rankedRows(data, selected, top);
  const { rows, other } = expanded ? rankedRows(data, selected, Number.POSITIVE_INFINITY) : collapsed;
  const total = data.reduce((sum, datum) => sum + Math.max(datum.value, 0), 0);
  const longest = rows.reduce((highest, datum) => Math.max(highest, datum.value), 0);
  const color = chartColor(0, scheme);
  return (
    <ChartCard
      title={title}
      loading={loading}
      error={error}
      empty={rows.length === 0 ? empty : null}
      height={height}
      testId={testId}
    >
      <Stack gap={4} miw={0}>
        <ScrollArea.Autosize mah={expanded ? maxHeight : undefined} type="auto" offsetScrollbars>
          <Stack gap={8} data-testid="chart-ranked-bars" aria-label={`${title} chart`}>
            {rows.map((datum) => (
              <BarRow
                key={datum.id}
                datum={datum}
                length={longest > 0 ? datum.value / longest : 0}
                total={total}
                color={color}
                selected={selected.includes(datum.id)}
                faded={selected.length > 0 && !selected.includes(datum.id)}
                onSelect={onSelect}
              />
            ))}
            {other && (
              // The rest together is no rival of the leaders: its figures are given, not drawn.
              <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="chart-bar-other">
                <Text
                  size="xs"
                  fs="italic"
                  title={other.label}
                  data-testid="chart-legend-label"
                  style={{ flex: 1, minWidth: 0 }}
                >
                  {other.label}
                </Text>
                <Figures value={other.value} total={total} />
              </Group>
            )}
          </Stack>
        </ScrollArea.Autosize>
        {(expanded || collapsed.other) && (
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
    </ChartCard>
  );
}
