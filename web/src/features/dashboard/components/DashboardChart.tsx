import { Box, Text } from '@mantine/core';
import { BarChartCard } from '../../../components/charts/BarChartCard';
import { chartColor } from '../../../components/charts/palette';
import { formatCount } from '../../../lib/format';
import type { ChartData } from '../streams/dashboard-charts';
import type { Loadable } from '../streams/loadable';

export interface DashboardChartProps {
  title: string;
  testId: string;
  state: Loadable<ChartData>;
  colorIndex: number;
  /** What the figure counts, shown under the title when the title alone could mislead. */
  caption?: string;
}

/** A dashboard bar chart with its headline figure (K/M above a thousand, docs/console.md §9) in the card's corner. */
export function DashboardChart({ title, testId, state, colorIndex, caption }: DashboardChartProps) {
  const data = state.status === 'ready' ? state.value : null;
  return (
    <Box pos="relative" data-testid={testId} data-bars={data?.points.length ?? 0}>
      <BarChartCard
        title={title}
        points={data?.points ?? []}
        tickEvery={data?.tickEvery ?? 1}
        color={chartColor(colorIndex)}
        loading={state.status === 'loading'}
        error={state.status === 'error'}
      />
      {data && (
        <Text
          pos="absolute"
          top={10}
          right={16}
          fw={700}
          size="xl"
          data-testid={`${testId}-total`}
          aria-label={`${title} total: ${formatCount(data.total)}${caption ? ` (${caption.toLowerCase()})` : ''}`}
        >
          {formatCount(data.total)}
        </Text>
      )}
      {caption && (
        <Text size="xs" c="dimmed" mt={4} data-testid={`${testId}-caption`}>
          {caption}
        </Text>
      )}
    </Box>
  );
}
