import { Anchor, Card, Group, LoadingOverlay, Stack, Table, Text } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBox } from '../../../components/ErrorBox';
import { PageHeader } from '../../../components/PageHeader';
import { Pager } from '../../../components/Pager';
import { formatDateTime } from '../../../lib/format';
import { useDataSource } from '../hooks/useDataSource';
import { useDataSourceLog } from '../hooks/useDataSourceLog';
import { usePolicyNames } from '../hooks/useLookups';
import { ERROR_LOG_EVENTS } from '../types/data-source';
import { logEventDetails, logEventLabel } from '../utils/log-details';
import { StatusBadge } from './StatusBadge';

export const LOG_COLUMNS = ['Datetime', 'Event', 'Details'] as const;
const BASE = '/dashboard/data_collectors';

/** /dashboard/data_collectors/{id}/log: a summary of the data source and its events, newest first (docs/console.md §2). */
export function DataSourceLogPage() {
  const id = Number(useParams().id);
  const source = useDataSource(id);
  const { log, page, pageSize, setPage, setPageSize } = useDataSourceLog(id);
  const policyNames = usePolicyNames();
  const events = log.status === 'ready' ? log.data.items : [];
  const total = log.status === 'ready' ? log.data.totalItems : 0;

  return (
    <Stack gap="md">
      <PageHeader title="DATA SOURCE LOGS" />
      <Anchor component={Link} to={`${BASE}/${id}/view`} size="sm">
        Back to the data source
      </Anchor>
      {source.status === 'ready' && (
        <Card withBorder padding="md" data-testid="log-summary">
          <Group gap="xl" wrap="wrap">
            <div>
              <Text size="xs" c="dimmed">
                Name
              </Text>
              <Text fw={500}>{source.data.name}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                Type
              </Text>
              <Text>{source.data.type?.name ?? '-'}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                Status
              </Text>
              <StatusBadge status={source.data.status} />
            </div>
            <div>
              <Text size="xs" c="dimmed">
                Events
              </Text>
              <Text>{total}</Text>
            </div>
          </Group>
        </Card>
      )}
      {log.status === 'error' ? (
        <ErrorBox />
      ) : (
        <>
          <Table.ScrollContainer minWidth={600} pos="relative">
            <LoadingOverlay visible={log.status === 'loading'} />
            <Table data-testid="log-table" aria-busy={log.status === 'loading'}>
              <Table.Thead>
                <Table.Tr>
                  {LOG_COLUMNS.map((column) => (
                    <Table.Th key={column}>{column}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {events.map((event) => {
                  const isError = ERROR_LOG_EVENTS.has(event.type);
                  return (
                    <Table.Tr
                      key={event.id}
                      data-testid="log-row"
                      data-error={isError ? 'true' : undefined}
                      style={isError ? { backgroundColor: 'var(--mantine-color-red-light)' } : undefined}
                    >
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(event.createdAt)}</Table.Td>
                      <Table.Td>
                        <Text size="sm" fw={isError ? 600 : undefined} c={isError ? 'red' : undefined}>
                          {logEventLabel(event.type)}
                        </Text>
                      </Table.Td>
                      <Table.Td style={{ wordBreak: 'break-word' }}>
                        {logEventDetails(event, policyNames)}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {log.status === 'ready' && events.length === 0 && (
            <EmptyState>There are no items to show.</EmptyState>
          )}
          <Pager
            page={page}
            pageCount={log.status === 'ready' ? Math.max(1, log.data.totalPages) : 1}
            pageSize={pageSize}
            total={total}
            onPageChange={setPage}
            onPageSizeChange={setPageSize}
            label="Log pages"
          />
        </>
      )}
    </Stack>
  );
}
