import { Box, useComputedColorScheme } from '@mantine/core';
import { ResponsiveBar } from '@nivo/bar';
import { formatCount } from '../../lib/format';
import { ChartCard } from './ChartCard';
import { NIVO_THEME } from './nivo-theme';
import { yTickValues } from './chart-data';
import { chartColor, paletteColorFor } from './palette';

export { yTickValues };

export interface BarPoint {
  /** The bucket's axis label (an hour or a day, already formatted). */
  x: string;
  y: number;
}

export interface BarChartCardProps {
  title: string;
  points: readonly BarPoint[];
  color?: string;
  /** Label every n-th bucket on the x axis (the day view labels every 3 hours). */
  tickEvery?: number;
  loading?: boolean;
  error?: boolean;
  height?: number;
  testId?: string;
}

/** A dashboard bar chart of counts per bucket. */
export function BarChartCard({
  title,
  points,
  color = chartColor(0),
  tickEvery = 1,
  loading,
  error,
  height = 220,
  testId,
}: BarChartCardProps) {
  const scheme = useComputedColorScheme('light');
  const barColor = paletteColorFor(color, scheme);
  const max = points.reduce((highest, point) => Math.max(highest, point.y), 0);
  const ticks = yTickValues(max);
  return (
    <ChartCard title={title} loading={loading} error={error} height={height} testId={testId}>
      <Box
        h={height}
        role="img"
        aria-label={`${title}: ${points.reduce((sum, point) => sum + point.y, 0)} in all`}
      >
        <ResponsiveBar
          theme={NIVO_THEME}
          data={points.map((point) => ({ x: point.x, y: point.y }))}
          keys={['y']}
          indexBy="x"
          colors={[barColor]}
          margin={{ top: 8, right: 8, bottom: 36, left: 44 }}
          padding={0.25}
          enableLabel={false}
          valueScale={{ type: 'linear', max: ticks[ticks.length - 1] || 'auto' }}
          gridYValues={ticks}
          axisLeft={{ tickValues: ticks, format: (value: number) => formatCount(value) }}
          axisBottom={{
            tickRotation: -35,
            format: (value: string) => {
              const index = points.findIndex((point) => point.x === value);
              return index % tickEvery === 0 ? value : '';
            },
          }}
          tooltipLabel={() => title}
          animate={false}
        />
      </Box>
    </ChartCard>
  );
}
