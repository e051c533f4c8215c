import { Center, SimpleGrid, Text } from '@mantine/core';
import { ChartCard } from '../../../components/charts/ChartCard';
import { PieChartCard } from '../../../components/charts/PieChartCard';
import { formatCount } from '../../../lib/format';
import { RISKS, type Risk } from '../../../lib/levels';
import type { IssueChartsState } from '../streams/issue-charts';
import type { IssueFilters } from '../types/issues';

export interface IssueChartsProps {
  charts: IssueChartsState;
  filters: IssueFilters;
  onRisk(risk: Risk): void;
  onAlertType(id: string): void;
  onDataSource(id: string): void;
}

const asRisk = (id: string): Risk | null => (RISKS.includes(id as Risk) ? (id as Risk) : null);

/** The three pie filters and the DEVICES count above the table. */
export function IssueCharts({ charts, filters, onRisk, onAlertType, onDataSource }: IssueChartsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, xl: 4 }} spacing="md">
      <PieChartCard
        title="BY RISK"
        testId="issues-by-risk"
        data={charts.byRisk.data}
        loading={charts.byRisk.status === 'loading'}
        error={charts.byRisk.status === 'error'}
        selected={filters.risks}
        onSelect={(id) => {
          const risk = asRisk(id);
          if (risk) onRisk(risk);
        }}
      />
      <PieChartCard
        title="BY ALERT DESCRIPTION"
        testId="issues-by-type"
        data={charts.byType.data}
        loading={charts.byType.status === 'loading'}
        error={charts.byType.status === 'error'}
        selected={filters.alertTypes.map((type) => String(type.id))}
        onSelect={onAlertType}
      />
      <PieChartCard
        title="BY DATA SOURCE"
        testId="issues-by-source"
        data={charts.bySource.data}
        loading={charts.bySource.status === 'loading'}
        error={charts.bySource.status === 'error'}
        selected={filters.dataSources.map((source) => String(source.id))}
        onSelect={onDataSource}
      />
      <ChartCard
        title="DEVICES"
        testId="issues-devices"
        loading={charts.devices.status === 'loading'}
        error={charts.devices.status === 'error'}
        height={200}
      >
        <Center h={200}>
          <Text fz={48} fw={700} data-testid="issues-devices-count" aria-label="Devices with issues">
            {formatCount(charts.devices.count)}
          </Text>
        </Center>
      </ChartCard>
    </SimpleGrid>
  );
}
