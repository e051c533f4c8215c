import { Box, SimpleGrid, useComputedColorScheme } from '@mantine/core';
import { ResponsiveCirclePacking } from '@nivo/circle-packing';
import { ChartCard } from './ChartCard';
import { NIVO_THEME } from './nivo-theme';
import { sliceOutline } from './palette';
import { ChartLegend } from './ChartLegend';
import { OTHER_ID, groupSmallSlices, withColours, type ChartDatum } from './chart-data';

export interface BubbleChartCardProps {
  title: string;
  data: readonly ChartDatum[];
  selected?: readonly string[];
  onSelect?: (id: string) => void;
  loading?: boolean;
  error?: boolean;
  empty?: string;
  height?: number;
  testId?: string;
}

interface Bubble {
  id: string;
  label: string;
  value?: number;
  color?: string;
  children?: Bubble[];
}

/** The Alerts review's bubble charts: one bubble per group, sized by its count; click to filter. Small groups join 'Other (n)'. */
export function BubbleChartCard({
  title,
  data,
  selected = [],
  onSelect,
  loading,
  error,
  empty = 'No items found',
  height = 200,
  testId,
}: BubbleChartCardProps) {
  const scheme = useComputedColorScheme('light');
  const coloured = withColours(
    groupSmallSlices(
      data.filter((datum) => datum.value > 0),
      selected,
    ),
    scheme,
  );
  const root: Bubble = {
    id: 'root',
    label: title,
    children: coloured.map((datum) => ({
      id: datum.id,
      label: datum.label,
      value: datum.value,
      color: datum.color,
    })),
  };
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
          <ResponsiveCirclePacking<Bubble>
            theme={NIVO_THEME}
            data={root}
            id="id"
            value="value"
            leavesOnly
            padding={3}
            colors={(node) =>
              selected.length === 0 || selected.includes(node.id)
                ? (node.data.color ?? '#cccccc')
                : `${node.data.color ?? '#cccccc'}55`
            }
            borderWidth={1}
            borderColor={(node: { data: Bubble }) => sliceOutline(node.data.color ?? '#cccccc', scheme)}
            enableLabels={false}
            onClick={
              onSelect
                ? (node) => {
                    if (node.id !== OTHER_ID) onSelect(node.id);
                  }
                : undefined
            }
            animate={false}
          />
        </Box>
        <ChartLegend data={coloured} selected={selected} onSelect={onSelect} maxHeight={height} />
      </SimpleGrid>
    </ChartCard>
  );
}
