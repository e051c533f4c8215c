import { Box, SimpleGrid } from '@mantine/core';
import { ResponsivePie } from '@nivo/pie';
import { ChartCard } from './ChartCard';
import { NIVO_THEME } from './nivo-theme';
import { ChartLegend } from './ChartLegend';
import { showsSliceLabel, withColours, type ChartDatum } from './chart-data';

export interface PieChartCardProps {
  title: string;
  data: readonly ChartDatum[];
  /** Ids of the selected slices (drawn emphasised; the legend marks them). */
  selected?: readonly string[];
  onSelect?: (id: string) => void;
  loading?: boolean;
  error?: boolean;
  empty?: string;
  height?: number;
  testId?: string;
}

/** A filter pie (Current Issues, Inventory, Network Overview): click a slice or a legend entry to select it. */
export function PieChartCard({
  title,
  data,
  selected = [],
  onSelect,
  loading,
  error,
  empty = 'No items found',
  height = 200,
  testId,
}: PieChartCardProps) {
  const coloured = withColours(data.filter((datum) => datum.value > 0));
  const total = coloured.reduce((sum, datum) => sum + datum.value, 0);
  return (
    <ChartCard
      title={title}
      loading={loading}
      error={error}
      empty={coloured.length === 0 ? empty : null}
      height={height}
      testId={testId}
    >
      <SimpleGrid cols={2} spacing="sm">
        <Box h={height} role="img" aria-label={`${title} chart`}>
          <ResponsivePie
            theme={NIVO_THEME}
            data={coloured}
            // With a selection, the other slices fade so the filter in force reads at a glance.
            colors={(datum) =>
              selected.length === 0 || selected.includes(String(datum.id))
                ? datum.data.color
                : `${datum.data.color}55`
            }
            innerRadius={0.55}
            padAngle={1}
            cornerRadius={2}
            margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
            enableArcLinkLabels={false}
            arcLabel={(datum) => (showsSliceLabel(datum.value, total) ? String(datum.value) : '')}
            arcLabelsTextColor="#ffffff"
            activeOuterRadiusOffset={6}
            onClick={onSelect ? (datum) => onSelect(String(datum.id)) : undefined}
            animate={false}
          />
        </Box>
        <ChartLegend data={coloured} selected={selected} onSelect={onSelect} withPercent />
      </SimpleGrid>
    </ChartCard>
  );
}
