import { Box, Group, Stack } from '@mantine/core';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBox } from '../../../components/ErrorBox';
import { ExportMenu } from '../../../components/ExportMenu';
import { orderByParam } from '../../../lib/paging';
import { issueFilterParams } from '../api/issues-api';
import { LiveHoldControl } from '../../../components/LiveHoldControl';
import { useLiveHold } from '../../../lib/live-hold';
import { FilterChips, type FilterChip } from '../../../components/FilterChips';
import { PageHeader } from '../../../components/PageHeader';
import { Pager } from '../../../components/Pager';
import { SortButtons } from '../../../components/SortButtons';
import { useCurrentIssues, type CurrentIssues } from '../hooks/useCurrentIssues';
import { ISSUE_SORT_FIELDS, NO_FILTERS } from '../types/issues';
import { IssueCharts } from './IssueCharts';
import { IssueDialog } from './IssueDialog';
import { IssuesTable } from './IssuesTable';

function chipsOf(issues: CurrentIssues): FilterChip[] {
  const { filters, setFilters } = issues;
  return [
    ...filters.risks.map((risk) => ({
      key: `risk:${risk}`,
      label: risk,
      onRemove: () => setFilters({ ...filters, risks: filters.risks.filter((item) => item !== risk) }),
    })),
    ...filters.alertTypes.map((type) => ({
      key: `type:${type.id}`,
      label: type.name,
      onRemove: () =>
        setFilters({ ...filters, alertTypes: filters.alertTypes.filter((item) => item.id !== type.id) }),
    })),
    ...filters.dataSources.map((source) => ({
      key: `source:${source.id}`,
      label: source.name,
      onRemove: () =>
        setFilters({ ...filters, dataSources: filters.dataSources.filter((item) => item.id !== source.id) }),
    })),
  ];
}

/** CURRENT ISSUES (spec part 1): pie filters, sorting, chips, the issues table and the alert dialog. */
export function CurrentIssuesPage() {
  const issues = useCurrentIssues();
  const ready = issues.status === 'ready';
  const empty = ready && issues.issues.length === 0;
  // Live changes wait while the list is paused or under the pointer; the user's own paging, sort and filters apply.
  const live = useLiveHold(issues.issues, {
    view: JSON.stringify([issues.page, issues.pageSize, issues.sort, issues.filters]),
    keyOf: (issue) => issue.id,
    loading: issues.status === 'loading',
  });
  const openShown = (row: number) => {
    const index = issues.issues.findIndex((issue) => issue.id === live.rows[row]?.id);
    issues.open(index >= 0 ? index : row);
  };

  return (
    <Stack gap="md">
      <PageHeader title="CURRENT ISSUES">
        <ExportMenu
          path="quarantined_devices/export"
          subject="current issues"
          query={{ ...issueFilterParams(issues.filters), order_by: orderByParam(issues.sort) }}
        />
      </PageHeader>

      <IssueCharts
        charts={issues.charts}
        filters={issues.filters}
        onRisk={issues.toggleRisk}
        onAlertType={issues.toggleAlertType}
        onDataSource={issues.toggleDataSource}
      />

      <Group justify="space-between" align="center" gap="sm">
        <SortButtons
          fields={ISSUE_SORT_FIELDS}
          sort={issues.sort}
          onSort={issues.sortBy}
          onClear={issues.clearSort}
        />
        <FilterChips chips={chipsOf(issues)} onClear={() => issues.setFilters(NO_FILTERS)} />
        <LiveHoldControl
          paused={live.paused}
          hovered={live.hovered}
          pending={live.pending}
          waiting={live.waiting}
          onToggle={live.togglePaused}
          subject="issues"
        />
      </Group>

      {issues.status === 'error' ? (
        <ErrorBox />
      ) : (
        <>
          <Box {...live.holdProps}>
            <IssuesTable issues={live.rows} loading={issues.status === 'loading'} onSelect={openShown} />
          </Box>
          {empty && <EmptyState>{issues.filtered ? 'No items found' : 'There are no issues'}</EmptyState>}
          <Pager
            page={issues.page}
            pageCount={issues.pageCount}
            pageSize={issues.pageSize}
            total={issues.total}
            onPageChange={issues.setPage}
            onPageSizeChange={issues.setPageSize}
            label="Current issues pages"
          />
        </>
      )}

      <IssueDialog
        selection={issues.selection}
        onMove={issues.move}
        onClose={issues.close}
        onRemoved={issues.refresh}
      />
    </Stack>
  );
}
