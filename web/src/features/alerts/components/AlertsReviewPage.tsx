import { Box, Button, Collapse, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useSession } from '../../../lib/services-context';
import { isAdmin } from '../../../lib/session';
import { AdminOnly } from '../../../components/AdminOnly';
import { AlertDialog } from '../../../components/alert-dialog/AlertDialog';
import { ErrorBox } from '../../../components/ErrorBox';
import { ExportMenu } from '../../../components/ExportMenu';
import { LiveHoldControl } from '../../../components/LiveHoldControl';
import { useLiveHold } from '../../../lib/live-hold';
import { FilterChips } from '../../../components/FilterChips';
import { PageHeader } from '../../../components/PageHeader';
import { SortButtons } from '../../../components/SortButtons';
import { useListNavigation } from '../../../components/alert-dialog/useListNavigation';
import { useAlertsReview, type AlertRowModel } from '../hooks/useAlertsReview';
import { useResolveAlert } from '../hooks/useResolveAlert';
import { filterParams } from '../api/alerts-api';
import { DEFAULT_SORT, alertFiltersOf } from '../types/review-view';
import { alertFilterChips } from '../utils/alert-filter-chips';
import { AlertsCharts } from './AlertsCharts';
import { AlertsPager } from './AlertsPager';
import { AlertsSearch } from './AlertsSearch';
import { AlertsTable, type RowSelection } from './AlertsTable';
import { BulkResolveAction } from './BulkResolveAction';
import { NewAlertsBanner } from './NewAlertsBanner';
import { ResolveAlertAction } from './ResolveAlertAction';

export const ALERT_SORT_FIELDS = [
  { field: 'created_at', label: 'Date' },
  // The text the DESCRIPTION column shows, not the code behind it.
  { field: 'type_name', label: 'Description' },
  { field: 'device_id', label: 'DevEUI' },
  { field: 'data_collector_id', label: 'Data source' },
] as const;

export function AlertsReviewPage() {
  const review = useAlertsReview();
  const { view, dispatch } = review;
  const [searchShown, setSearchShown] = useState(true);
  // Live changes wait while the list is paused or under the pointer; the user's own paging, sort and filters apply.
  const live = useLiveHold(review.rows, {
    view: JSON.stringify(view),
    keyOf: (row) => row.alert.id,
    loading: review.status === 'loading',
  });

  const navigation = useListNavigation<AlertRowModel>({
    page: view.page,
    pageSize: view.pageSize,
    total: review.total,
    rows: live.rows,
    ready: review.status === 'ready',
    idOf: (row) => row.alert.id,
    goToPage: (page) => dispatch({ type: 'page', page }),
  });
  const resolution = useResolveAlert((alert) => {
    review.replaceAlert(alert);
    notifications.show({ color: 'green', message: 'The alert has been resolved.' });
  });
  const selected = navigation.row;
  // Ticked rows (administrators) belong to the view they were ticked in: another page or filter starts afresh.
  const viewKey = JSON.stringify([view.filters, view.sort, view.page, view.pageSize, view.generation]);
  const [ticked, setTicked] = useState<{ key: string; ids: ReadonlySet<number> }>({
    key: '',
    ids: new Set(),
  });
  const tickedIds = ticked.key === viewKey ? ticked.ids : new Set<number>();
  const admin = isAdmin(useSession());
  const selection: RowSelection | undefined = admin
    ? {
        selected: tickedIds,
        onToggle: (id) => {
          const ids = new Set(tickedIds);
          if (!ids.delete(id)) ids.add(id);
          setTicked({ key: viewKey, ids });
        },
        onToggleAll: () => {
          const all = live.rows.map((row) => row.alert.id);
          const every = all.length > 0 && all.every((id) => tickedIds.has(id));
          setTicked({ key: viewKey, ids: new Set(every ? [] : all) });
        },
      }
    : undefined;
  const sortIsDefault =
    view.sort.field === DEFAULT_SORT.field && view.sort.direction === DEFAULT_SORT.direction;

  return (
    <Stack gap="md">
      <PageHeader title="ALERTS">
        <Button
          size="xs"
          variant="default"
          aria-expanded={searchShown}
          aria-controls="alerts-search-and-charts"
          onClick={() => setSearchShown((shown) => !shown)}
        >
          {searchShown ? 'Hide search and charts' : 'Show search and charts'}
        </Button>
        <ExportMenu
          path="alerts/export"
          subject="alerts"
          query={{
            ...filterParams(alertFiltersOf(view.filters)),
            order_by: [view.sort.field, view.sort.direction],
          }}
        />
      </PageHeader>

      <Collapse in={searchShown} id="alerts-search-and-charts">
        <Stack gap="md">
          <AlertsSearch filters={view.filters} dispatch={dispatch} />
          <AlertsCharts
            charts={review.charts}
            filters={view.filters}
            total={review.total}
            dispatch={dispatch}
          />
        </Stack>
      </Collapse>

      {review.hasNewAlerts && <NewAlertsBanner onReload={review.reloadNow} />}

      <Group justify="space-between" gap="sm" wrap="wrap">
        <FilterChips
          chips={alertFilterChips(view.filters, review.alertTypes, review.charts.byDataSource.data, dispatch)}
          onClear={() => dispatch({ type: 'clear-filters' })}
        />
        <SortButtons
          fields={ALERT_SORT_FIELDS}
          sort={view.sort}
          onSort={(field) => dispatch({ type: 'sort', field })}
          onClear={sortIsDefault ? undefined : () => dispatch({ type: 'clear-sort' })}
        />
        {admin && (
          <BulkResolveAction
            selectedIds={[...tickedIds]}
            onDone={() => {
              setTicked({ key: '', ids: new Set() });
              review.reloadNow();
            }}
          />
        )}
        <LiveHoldControl
          paused={live.paused}
          hovered={live.hovered}
          pending={live.pending}
          waiting={live.waiting}
          onToggle={live.togglePaused}
          subject="alerts"
        />
      </Group>

      {review.status === 'error' ? (
        <ErrorBox />
      ) : (
        <>
          <Box {...live.holdProps}>
            <AlertsTable
              rows={live.rows}
              loading={review.status === 'loading'}
              onSelect={navigation.open}
              selection={selection}
            />
          </Box>
          <AlertsPager
            page={view.page}
            pageCount={review.pageCount}
            pageSize={view.pageSize}
            total={review.total}
            onPageChange={(page) => dispatch({ type: 'page', page })}
            onPageSizeChange={(size) => dispatch({ type: 'page-size', size })}
          />
        </>
      )}

      <AlertDialog
        opened={navigation.opened}
        onClose={() => {
          resolution.reset();
          navigation.close();
        }}
        alert={selected?.alert ?? null}
        alertType={selected?.alertType ?? null}
        loading={navigation.loading}
        navigation={{
          hasPrevious: navigation.hasPrevious,
          hasNext: navigation.hasNext,
          onPrevious: () => {
            resolution.reset();
            navigation.previous();
          },
          onNext: () => {
            resolution.reset();
            navigation.next();
          },
        }}
        actions={
          selected && (
            <AdminOnly>
              <ResolveAlertAction
                key={selected.alert.id}
                status={resolution.status}
                resolved={selected.alert.resolved_at !== null}
                onResolve={(comment) => resolution.resolve(selected.alert.id, comment)}
                onCancel={resolution.reset}
              />
            </AdminOnly>
          )
        }
      />
    </Stack>
  );
}
