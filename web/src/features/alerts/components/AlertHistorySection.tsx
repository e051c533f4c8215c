import { Box, Button, Collapse, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBox } from '../../../components/ErrorBox';
import { formatDateTime } from '../../../lib/format';
import { useAlertHistory } from '../hooks/useAlertHistory';
import { alertHistoryCause, alertHistorySummary } from '../utils/alert-history-text';

/**
 * The alert dialog's History: what was recorded about the alert (raised, issue opened, resolved…), with what caused
 * each event, and its export as JSON Lines. Closed until asked for; administrators only (the caller wraps it in
 * AdminOnly). A new alert is a fresh history: give it the alert id as key.
 */
export function AlertHistorySection({ alertId }: { alertId: number }) {
  const [opened, setOpened] = useState(false);
  const history = useAlertHistory(alertId, opened);
  const events = history.data?.events ?? [];
  const totalPages = history.data?.total_pages ?? 0;

  let body;
  if (history.status === 'error' && !history.data) body = <ErrorBox />;
  else if (history.status === 'loading' && !history.data) body = <Box mih={60} aria-busy="true" />;
  else if (events.length === 0) body = <EmptyState>There are no events to show</EmptyState>;
  else
    body = (
      <Table verticalSpacing={4} data-testid="alert-history-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>TIME</Table.Th>
            <Table.Th>EVENT</Table.Th>
            <Table.Th>CAUSE</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => (
            <Table.Tr key={event.position} data-testid="alert-history-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(event.time)}</Table.Td>
              <Table.Td>{alertHistorySummary(event)}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>{alertHistoryCause(event.cause)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );

  return (
    <Stack gap="xs" component="section" aria-label="History">
      <Group justify="space-between">
        <Button
          variant="subtle"
          size="xs"
          px={0}
          onClick={() => setOpened((value) => !value)}
          aria-expanded={opened}
        >
          {opened ? 'Hide history' : 'Show history'}
        </Button>
        {opened && (
          <Button
            variant="light"
            size="xs"
            onClick={history.exportLines}
            loading={history.exporting === 'exporting'}
            disabled={events.length === 0}
          >
            Export JSON Lines
          </Button>
        )}
      </Group>
      <Collapse in={opened}>
        <Stack gap="xs">
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
      </Collapse>
    </Stack>
  );
}
