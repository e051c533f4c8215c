import { SimpleGrid } from '@mantine/core';
import { PieChartCard } from '../../../components/charts/PieChartCard';
import { RankedBarsCard } from '../../../components/charts/RankedBarsCard';
import type { ChartDatum } from '../../../components/charts/chart-data';
import { IMPORTANCE_COLORS } from '../../../components/ImportanceBadge';
import type { Importance } from '../../../lib/levels';
import type { InventoryCounts } from '../streams/inventory-streams';
import {
  NO_VENDOR_ID,
  type CountEntry,
  type InventoryFilters,
  type InventoryGrouping,
} from '../types/inventory';

export const UNKNOWN_VENDOR = 'Unknown vendor';

/** Chart entries of a count answer: ids as strings (vendor null → the API's literal `null`). */
export function chartData(grouping: InventoryGrouping, entries: readonly CountEntry[]): ChartDatum[] {
  return entries.map((entry) => {
    const id = entry.id === null ? NO_VENDOR_ID : String(entry.id);
    const label = entry.name ?? (grouping === 'vendor' ? UNKNOWN_VENDOR : id);
    const color =
      grouping === 'importance'
        ? IMPORTANCE_COLORS[entry.id as Importance]
        : grouping === 'tag'
          ? entry.color
          : undefined;
    return { id, label, value: entry.count, ...(color ? { color } : {}) };
  });
}

const CHARTS: { grouping: InventoryGrouping; title: string; empty: string }[] = [
  { grouping: 'vendor', title: 'BY VENDOR', empty: 'There is no results for selected filters' },
  { grouping: 'data_collector', title: 'BY DATA SOURCE', empty: 'There is no results for selected filters' },
  { grouping: 'importance', title: 'BY IMPORTANCE', empty: 'There is no results for selected filters' },
  { grouping: 'tag', title: 'LABELS', empty: 'No tags to show' },
];

export interface InventoryChartsProps {
  counts: InventoryCounts;
  filters: InventoryFilters;
  onSelect: (grouping: InventoryGrouping, id: string, label: string) => void;
}

/**
 * The four filter charts: clicking a slice, bar or legend entry adds (or removes) that filter. Vendors have a long
 * tail (dozens, most with a few assets each): they are a ranked bar list, not a pie whose 'Other' would be most of
 * the circle.
 */
export function InventoryCharts({ counts, filters, onSelect }: InventoryChartsProps) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2, xl: 4 }} spacing="md">
      {CHARTS.map(({ grouping, title, empty }) => {
        const state = counts[grouping];
        const data = chartData(grouping, state.data);
        const Chart = grouping === 'vendor' ? RankedBarsCard : PieChartCard;
        return (
          <Chart
            key={grouping}
            title={title}
            testId={`chart-${grouping}`}
            data={data}
            selected={filters[grouping].map((pick) => pick.id)}
            loading={state.status === 'loading' && state.data.length === 0}
            error={state.status === 'error'}
            empty={empty}
            height={160}
            onSelect={(id) => onSelect(grouping, id, data.find((datum) => datum.id === id)?.label ?? id)}
          />
        );
      })}
    </SimpleGrid>
  );
}
