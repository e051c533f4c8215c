import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AdminOnly } from '../../../components/AdminOnly';
import { ErrorBox } from '../../../components/ErrorBox';
import { PageHeader } from '../../../components/PageHeader';
import { PagedTable } from '../../../components/PagedTable';
import { formatDateTime } from '../../../lib/format';
import { useDataSourcesList } from '../hooks/useDataSourcesList';
import type { DataSourceListItem } from '../types/data-source';
import { DeleteDataSourceDialog, StatusChangeDialog } from './DataSourceActionsDialogs';
import { CoverageNotes } from './CoverageNotes';
import { StatusBadge } from './StatusBadge';

export const DATA_SOURCE_COLUMNS = ['NAME', 'TYPE', 'STATUS', 'LAST MESSAGE', 'ACTIONS'] as const;
export const NO_RECENT_MESSAGE = 'No messages in last 4 hours';
const BASE = '/dashboard/data_collectors';

export function DataSourcesPage() {
  const list = useDataSourcesList();
  const [toToggle, setToToggle] = useState<DataSourceListItem | null>(null);
  const [toDelete, setToDelete] = useState<DataSourceListItem | null>(null);

  return (
    <Stack gap="md">
      <PageHeader title="DATA SOURCES">
        <AdminOnly>
          <Button component={Link} to={`${BASE}/new`}>
            NEW DATA SOURCE
          </Button>
        </AdminOnly>
      </PageHeader>

      {list.status === 'error' ? (
        <ErrorBox />
      ) : (
        <PagedTable
          list={list}
          columns={DATA_SOURCE_COLUMNS}
          minWidth={720}
          testId="data-sources-table"
          rowProps={(source) => ({
            key: source.id,
            'data-testid': 'data-source-row',
            'data-source-id': source.id,
          })}
          row={(source) => (
            <>
              <Table.Td>
                <Anchor component={Link} to={`${BASE}/${source.id}/view`} fw={500}>
                  {source.name}
                </Anchor>
                <CoverageNotes notes={source.detector_coverage} />
              </Table.Td>
              <Table.Td>{source.type?.name ?? ''}</Table.Td>
              <Table.Td>
                <StatusBadge status={source.status} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {list.lastMessage[source.id] ? (
                  formatDateTime(list.lastMessage[source.id])
                ) : (
                  <Text size="sm" c="dimmed">
                    {NO_RECENT_MESSAGE}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    component={Link}
                    to={`${BASE}/${source.id}/log`}
                    aria-label={`Logs of ${source.name}`}
                  >
                    Logs
                  </Button>
                  <AdminOnly>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color={source.status === 'DISABLED' ? 'green' : 'orange'}
                      onClick={() => setToToggle(source)}
                      aria-label={`${source.status === 'DISABLED' ? 'Enable' : 'Disable'} ${source.name}`}
                    >
                      {source.status === 'DISABLED' ? 'Enable' : 'Disable'}
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      component={Link}
                      to={`${BASE}/${source.id}/edit`}
                      aria-label={`Edit ${source.name}`}
                    >
                      Edit
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setToDelete(source)}
                      aria-label={`Delete ${source.name}`}
                    >
                      Delete
                    </Button>
                  </AdminOnly>
                </Group>
              </Table.Td>
            </>
          )}
          empty="No registered data sources."
          pagerLabel="Data sources pages"
        />
      )}

      <StatusChangeDialog source={toToggle} onConfirm={list.toggleStatus} onClose={() => setToToggle(null)} />
      <DeleteDataSourceDialog
        source={toDelete}
        onConfirm={async (source) => {
          await list.remove(source);
          notifications.show({ color: 'green', message: `The data source ${source.name} has been removed.` });
        }}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}
