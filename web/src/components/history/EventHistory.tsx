import { Box, Button, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { EmptyState } from '../EmptyState';
import { ErrorBox } from '../ErrorBox';
import { formatDateTime } from '../../lib/format';
import { historyCause, historySummary } from './history-text';
import type { HistorySubject } from './history-types';
import { useEventHistory } from './useEventHistory';

export interface EventHistoryProps {
  subject: HistorySubject;
  /** Starts the export's file name: `alert-5`, `device-12`. */
  fileStem: string;
  /** The events up to this time only (ISO 8601, or a date: its whole day); the past time shown if earlier. */
  to?: string;
}

/**
 * A History tab's content (the alert dialog, the Asset 360 view): every recorded event about the subject, newest
 * first, with what happened and what caused it, paged, and its export as JSON Lines; while the console shows a
 * past time, the events up to it, and a line above the table says so. The record is for administrators: callers
 * show the tab to them only.
 */
export function EventHistory({ subject, fileStem, to }: EventHistoryProps) {
  const history = useEventHistory(subject, fileStem, to);
  const events = history.data?.events ?? [];
  const totalItems = history.data?.total_items ?? 0;
  const totalPages = history.data?.total_pages ?? 0;

  let body;
  if (history.status === 'error' && !history.data) body = <ErrorBox />;
  else if (history.status === 'loading' && !history.data) body = <Box mih={80} aria-busy="true" />;
  else if (events.length === 0) body = <EmptyState>There are no events to show</EmptyState>;
  else
    body = (
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing={6} data-testid="history-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>TIME</Table.Th>
              <Table.Th>EVENT</Table.Th>
              <Table.Th>SUMMARY</Table.Th>
              <Table.Th>CAUSE</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {events.map((event) => (
              <Table.Tr key={event.position} data-testid="history-row">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(event.time)}</Table.Td>
                <Table.Td>{event.type}</Table.Td>
                <Table.Td>{historySummary(event)}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>{historyCause(event.cause)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Stack gap="sm" data-testid="event-history">
      {history.asOf !== undefined && (
        <Text size="sm" data-testid="history-as-of">
          Showing the history as of <strong>{formatDateTime(history.asOf)}</strong>
        </Text>
      )}
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" c="dimmed" data-testid="history-count">
          {history.data ? (totalItems === 1 ? '1 event' : `${totalItems} events`) : ''}
        </Text>
        <Button
          size="xs"
          variant="light"
          onClick={history.exportLines}
          loading={history.exporting === 'exporting'}
          disabled={totalItems === 0}
        >
          Export JSON Lines
        </Button>
      </Group>
      {history.exporting === 'failed' && (
        <Text size="sm" c="red" role="alert">
          The history could not be exported. Please try again.
        </Text>
      )}
      {body}
      {totalPages > 1 && (
        <Group justify="flex-end">
          <Pagination
            size="sm"
            total={totalPages}
            value={history.page + 1}
            onChange={(value) => history.setPage(value - 1)}
            aria-label="History pages"
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        </Group>
      )}
    </Stack>
  );
}
