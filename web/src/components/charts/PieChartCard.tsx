import { Box, SimpleGrid, useComputedColorScheme } from '@mantine/core';
import { ResponsivePie } from '@nivo/pie';
import { readableTextColor } from '../../lib/contrast';
import { ChartCard } from './ChartCard';
import { NIVO_THEME } from './nivo-theme';
import { ChartLegend } from './ChartLegend';
import { OTHER_ID, groupSmallSlices, showsSliceLabel, withColours, type ChartDatum } from './chart-data';
import { sliceOutline } from './palette';

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

/**
 * A filter pie (Current Issues, Inventory, Network Overview): click a slice or a legend entry to select it. Many
 * small slices are drawn as one 'Other (n)' slice, which selects nothing.
 */
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
  const scheme = useComputedColorScheme('light');
  const coloured = withColours(
    groupSmallSlices(
      data.filter((datum) => datum.value > 0),
      selected,
    ),
    scheme,
  );
  const total = coloured.reduce((sum, datum) => sum + datum.value, 0);
  const faded = (id: string) => selected.length > 0 && !selected.includes(id);
  return (
    <ChartCard
      title={title}
      loading={loading}
      error={error}
      empty={coloured.length === 0 ? empty : null}
      height={height}
      testId={testId}
    >
      {/* Chart and legend side by side when the card is wide enough, the legend below the chart otherwise. */}
      <SimpleGrid type="container" cols={{ base: 1, '400px': 2 }} spacing="sm">
        <Box h={height} role="img" aria-label={`${title} chart`}>
          <ResponsivePie
            theme={NIVO_THEME}
            data={coloured}
            // With a selection, the other slices fade so the filter in force reads at a glance.
            colors={(datum) => (faded(String(datum.id)) ? `${datum.data.color}55` : datum.data.color)}
            borderWidth={1}
            borderColor={(datum: { id: string | number; data: { color: string } }) =>
              faded(String(datum.id)) ? 'transparent' : sliceOutline(datum.data.color, scheme)
            }
            innerRadius={0.55}
            padAngle={1}
            cornerRadius={2}
            margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
            enableArcLinkLabels={false}
            arcLabel={(datum) => (showsSliceLabel(datum.value, total) ? String(datum.value) : '')}
            arcLabelsTextColor={(datum: { data: { color: string } }) => readableTextColor(datum.data.color)}
            activeOuterRadiusOffset={6}
            onClick={
              onSelect
                ? (datum) => {
                    if (datum.id !== OTHER_ID) onSelect(String(datum.id));
                  }
                : undefined
            }
            animate={false}
          />
        </Box>
        <ChartLegend data={coloured} selected={selected} onSelect={onSelect} withPercent maxHeight={height} />
      </SimpleGrid>
    </ChartCard>
  );
}
