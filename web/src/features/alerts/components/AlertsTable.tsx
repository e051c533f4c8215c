import { Badge, Group, LoadingOverlay, Table, Text } from '@mantine/core';
import {
  AlertAssetCells,
  DataSourceCell,
  DateCell,
  DescriptionButton,
  RiskCell,
} from '../../../components/alert-cells';
import type { AlertRowModel } from '../hooks/useAlertsReview';

export const ALERT_COLUMNS = [
  'RISK',
  'DESCRIPTION',
  'DATE',
  'DevEUI/ADDRESS',
  'DEVICE NAME',
  'IMPORTANCE',
  'GATEWAY',
  'DATA SOURCE',
] as const;

export interface AlertsTableProps {
  rows: readonly AlertRowModel[];
  loading: boolean;
  onSelect: (row: AlertRowModel) => void;
}

function AlertRow({ row, onSelect }: { row: AlertRowModel; onSelect: (row: AlertRowModel) => void }) {
  const { alert, alertType, fresh } = row;
  const description = alertType?.name ?? alert.type;
  return (
    <Table.Tr
      data-testid="alert-row"
      data-alert-id={alert.id}
      data-new={fresh ? 'true' : undefined}
      onClick={() => onSelect(row)}
      style={{
        cursor: 'pointer',
        transition: 'background-color 600ms ease',
        backgroundColor: fresh ? 'var(--mantine-color-yellow-light)' : undefined,
      }}
    >
      <RiskCell risk={alertType?.risk} />
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <DescriptionButton label={`Show details of alert ${alert.id}: ${description}`}>
            {description}
          </DescriptionButton>
          {fresh && (
            <Badge size="xs" color="yellow" autoContrast miw="max-content">
              NEW
            </Badge>
          )}
        </Group>
      </Table.Td>
      <DateCell value={alert.created_at} />
      <AlertAssetCells alert={alert} assetType={alertType?.forAssetType} />
      <DataSourceCell name={alert.data_collector_name} />
    </Table.Tr>
  );
}

export function AlertsTable({ rows, loading, onSelect }: AlertsTableProps) {
  return (
    <Table.ScrollContainer minWidth={960} pos="relative">
      <LoadingOverlay visible={loading} zIndex={2} overlayProps={{ blur: 1 }} />
      <Table data-testid="alerts-table" highlightOnHover verticalSpacing="xs" aria-busy={loading}>
        <Table.Thead>
          <Table.Tr>
            {ALERT_COLUMNS.map((column) => (
              <Table.Th key={column} scope="col">
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <AlertRow key={row.alert.id} row={row} onSelect={onSelect} />
          ))}
          {!loading && rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={ALERT_COLUMNS.length}>
                <Text ta="center" c="dimmed" py="lg">
                  No items found
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
