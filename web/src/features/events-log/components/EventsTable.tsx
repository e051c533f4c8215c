import { Badge, Button, LoadingOverlay, Stack, Table, Text } from '@mantine/core';
import { DataSourceCell, DateCell, RiskCell } from '../../../components/alert-cells';
import type { EventRowModel } from '../hooks/useEventsLog';

export const EVENT_COLUMNS = ['RISK', 'DESCRIPTION', 'DATE', 'SOURCE', 'STATE', 'ACTIONS'] as const;

function EventRow({ row, onOpen }: { row: EventRowModel; onOpen: (row: EventRowModel) => void }) {
  const { alert, alertType } = row;
  const description = alertType?.name ?? alert.type;
  const resolved = alert.resolved_at !== null;
  return (
    <Table.Tr
      data-testid="event-row"
      data-alert-id={alert.id}
      onClick={() => onOpen(row)}
      style={{ cursor: 'pointer' }}
    >
      <RiskCell risk={alertType?.risk} />
      <Table.Td>
        <Text size="sm" fw={500}>
          {description}
        </Text>
      </Table.Td>
      <DateCell value={alert.created_at} />
      <DataSourceCell name={alert.data_collector_name} />
      <Table.Td>
        <Badge variant="light" color={resolved ? 'green' : 'gray'} miw="max-content">
          {resolved ? 'Resolved' : 'Unresolved'}
        </Badge>
      </Table.Td>
      <Table.Td>
        {/* The row opens too; the button is the keyboard's way in. */}
        <Button
          size="compact-xs"
          variant="light"
          aria-label={`View event ${alert.id}: ${description}`}
          onClick={(event) => {
            event.stopPropagation();
            onOpen(row);
          }}
        >
          View
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

export function EventsTable({
  rows,
  loading,
  onOpen,
}: {
  rows: readonly EventRowModel[];
  loading: boolean;
  onOpen: (row: EventRowModel) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={760} pos="relative">
      <LoadingOverlay visible={loading} zIndex={2} overlayProps={{ blur: 1 }} />
      <Table data-testid="events-table" highlightOnHover verticalSpacing="xs" aria-busy={loading}>
        <Table.Thead>
          <Table.Tr>
            {EVENT_COLUMNS.map((column) => (
              <Table.Th key={column} scope="col">
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <EventRow key={row.alert.id} row={row} onOpen={onOpen} />
          ))}
          {!loading && rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={EVENT_COLUMNS.length}>
                <Stack gap={4} align="center" py="lg" data-testid="events-empty">
                  <Text fw={500}>There are no events to show</Text>
                  <Text size="sm" c="dimmed">
                    No events
                  </Text>
                </Stack>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
