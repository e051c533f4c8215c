import { SimpleGrid } from '@mantine/core';
import { BubbleChartCard } from '../../../components/charts/BubbleChartCard';
import { RISKS, type Risk } from '../../../lib/levels';
import type { AlertChartsState, ChartState } from '../streams/alert-charts';
import type { ReviewAction, ReviewFilters } from '../types/review-view';
import { AlertsTotal } from './AlertsTotal';

const isRisk = (value: string): value is Risk => (RISKS as readonly string[]).includes(value);

function chartProps(chart: ChartState) {
  return { data: chart.data, loading: chart.status === 'loading', error: chart.status === 'error' };
}

/** BY RISK, BY ALERT DESCRIPTION, BY DATA SOURCE and the total: a bubble or legend entry toggles its filter. */
export function AlertsCharts({
  charts,
  filters,
  total,
  dispatch,
}: {
  charts: AlertChartsState;
  filters: ReviewFilters;
  total: number;
  dispatch: (action: ReviewAction) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
      <BubbleChartCard
        title="BY RISK"
        testId="chart-by-risk"
        {...chartProps(charts.byRisk)}
        selected={filters.risks}
        onSelect={(id) => isRisk(id) && dispatch({ type: 'toggle-risk', risk: id })}
      />
      <BubbleChartCard
        title="BY ALERT DESCRIPTION"
        testId="chart-by-type"
        {...chartProps(charts.byType)}
        selected={filters.types}
        onSelect={(code) => dispatch({ type: 'toggle-type', code })}
      />
      <BubbleChartCard
        title="BY DATA SOURCE"
        testId="chart-by-data-source"
        {...chartProps(charts.byDataSource)}
        selected={filters.dataCollectorIds.map(String)}
        onSelect={(id) => dispatch({ type: 'toggle-data-collector', id: Number(id) })}
      />
      {/* The same snapshot as the charts beside it; the list's count only until that is read. */}
      <AlertsTotal total={charts.total ?? total} />
    </SimpleGrid>
  );
}
