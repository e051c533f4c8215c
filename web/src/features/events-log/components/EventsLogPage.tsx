import { Box, Group, Stack } from '@mantine/core';
import { AlertDialog } from '../../../components/alert-dialog/AlertDialog';
import { ErrorBox } from '../../../components/ErrorBox';
import { ExportMenu } from '../../../components/ExportMenu';
import { LiveHoldControl } from '../../../components/LiveHoldControl';
import { useLiveHold } from '../../../lib/live-hold';
import { PageHeader } from '../../../components/PageHeader';
import { Pager } from '../../../components/Pager';
import { useEventsLog, type EventRowModel } from '../hooks/useEventsLog';
import { useListNavigation } from '../../../components/alert-dialog/useListNavigation';
import { EventsFilters } from './EventsFilters';
import { EventsTable } from './EventsTable';

/** /dashboard/events_log: the organization's alerts as a log, each opening the alert dialog. */
export function EventsLogPage() {
  const log = useEventsLog();
  // New events wait while the list is paused or under the pointer; paging applies at once.
  const live = useLiveHold(log.rows, {
    view: JSON.stringify([log.filterParams, log.page, log.pageSize]),
    keyOf: (row) => row.alert.id,
    loading: log.status === 'loading',
  });
  const navigation = useListNavigation<EventRowModel>({
    page: log.page,
    pageSize: log.pageSize,
    total: log.total,
    rows: live.rows,
    ready: log.status === 'ready',
    idOf: (row) => row.alert.id,
    goToPage: log.setPage,
  });
  const selected = navigation.row;

  return (
    <Stack gap="md">
      <PageHeader title="EVENTS LOG">
        <ExportMenu path="events_log/export" subject="events" query={log.filterParams} />
      </PageHeader>
      <EventsFilters filters={log.view.filters} alertTypes={log.alertTypes} dispatch={log.dispatch} />
      <Group justify="flex-end">
        <LiveHoldControl
          paused={live.paused}
          hovered={live.hovered}
          pending={live.pending}
          waiting={live.waiting}
          onToggle={live.togglePaused}
          subject="events"
        />
      </Group>
      {log.status === 'error' ? (
        <ErrorBox />
      ) : (
        <>
          <Box {...live.holdProps}>
            <EventsTable rows={live.rows} loading={log.status === 'loading'} onOpen={navigation.open} />
          </Box>
          <Pager
            label="Events pages"
            page={log.page}
            pageCount={log.pageCount}
            pageSize={log.pageSize}
            total={log.total}
            onPageChange={log.setPage}
            onPageSizeChange={log.setPageSize}
          />
        </>
      )}
      <AlertDialog
        opened={navigation.opened}
        onClose={navigation.close}
        alert={selected?.alert ?? null}
        alertType={selected?.alertType ?? null}
        loading={navigation.loading}
        navigation={{
          hasPrevious: navigation.hasPrevious,
          hasNext: navigation.hasNext,
          onPrevious: navigation.previous,
          onNext: navigation.next,
        }}
      />
    </Stack>
  );
}
