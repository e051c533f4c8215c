import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/PageHeader';
import { QuickRangeButtons } from '../../../components/QuickRangeButtons';
import { useDashboard } from '../hooks/useDashboard';
import { useStartTour } from '../hooks/useStartTour';
import { CHART_CAPTIONS, CHART_KEYS, CHART_TITLES } from '../streams/dashboard-charts';
import { DashboardChart } from './DashboardChart';
import { DataSourceBadge } from './DataSourceBadge';
import { DataSourceFilter } from './DataSourceFilter';
import { LatestAlertsTable } from './LatestAlertsTable';

/** /dashboard: data sources, four bar charts over the chosen range and the latest alerts (docs/console.md §2). */
export function DashboardPage() {
  const dashboard = useDashboard();
  const startTour = useStartTour();
  const sources = dashboard.dataSources.status === 'ready' ? dashboard.dataSources.value : [];
  const sourcesLoading = dashboard.dataSources.status === 'loading';

  return (
    <Stack gap="md">
      <PageHeader title="DASHBOARD">
        <Button variant="light" onClick={startTour}>
          Start Tour
        </Button>
      </PageHeader>

      <Paper withBorder p="md" radius="md" data-tour="dashboard-charts">
        <Stack gap="md">
          <Group justify="space-between" align="center" wrap="wrap" gap="sm">
            <DataSourceBadge
              active={dashboard.activeCount}
              total={dashboard.totalCount}
              loading={sourcesLoading}
            />
            <QuickRangeButtons active={dashboard.range} onPick={dashboard.setRange} />
          </Group>
          {!sourcesLoading && sources.length === 0 && (
            <Text size="sm" c="dimmed">
              There isn&apos;t any data source configured yet.{' '}
              <Anchor component={Link} to="/dashboard/data_collectors" size="sm">
                Try to add one
              </Anchor>{' '}
              for getting data.
            </Text>
          )}
          <DataSourceFilter
            sources={sources}
            selectedIds={dashboard.selectedIds}
            onChange={dashboard.setSelectedIds}
            disabled={sourcesLoading}
          />
          <SimpleGrid cols={{ base: 1, sm: 2, xl: 4 }} spacing="md">
            {CHART_KEYS.map((key, index) => (
              <DashboardChart
                key={key}
                title={CHART_TITLES[key]}
                caption={CHART_CAPTIONS[key]}
                testId={`chart-${key}`}
                state={dashboard.charts[key]}
                colorIndex={index}
              />
            ))}
          </SimpleGrid>
        </Stack>
      </Paper>

      <LatestAlertsTable state={dashboard.latestAlerts} />
    </Stack>
  );
}
