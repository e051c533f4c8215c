import { Badge, Checkbox, Group, LoadingOverlay, Table, Text } from '@mantine/core';
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

/** Rows ticked for a bulk action (administrators); absent, the table has no check boxes. */
export interface RowSelection {
  selected: ReadonlySet<number>;
  onToggle: (alertId: number) => void;
  /** Ticks every row of the page, or unticks them all when all are ticked. */
  onToggleAll: () => void;
}

export interface AlertsTableProps {
  rows: readonly AlertRowModel[];
  loading: boolean;
  onSelect: (row: AlertRowModel) => void;
  selection?: RowSelection;
}

function AlertRow({
  row,
  onSelect,
  selection,
}: {
  row: AlertRowModel;
  onSelect: (row: AlertRowModel) => void;
  selection?: RowSelection;
}) {
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
      {selection && (
        <Table.Td onClick={(event) => event.stopPropagation()} w={36}>
          <Checkbox
            size="xs"
            aria-label={`Select alert ${alert.id}`}
            checked={selection.selected.has(alert.id)}
            onChange={() => selection.onToggle(alert.id)}
          />
        </Table.Td>
      )}
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

export function AlertsTable({ rows, loading, onSelect, selection }: AlertsTableProps) {
  const ticked = selection ? rows.filter((row) => selection.selected.has(row.alert.id)).length : 0;
  return (
    <Table.ScrollContainer minWidth={960} pos="relative">
      <LoadingOverlay visible={loading} zIndex={2} overlayProps={{ blur: 1 }} />
      <Table data-testid="alerts-table" highlightOnHover verticalSpacing="xs" aria-busy={loading}>
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={36}>
                <Checkbox
                  size="xs"
                  aria-label="Select every alert of the page"
                  checked={rows.length > 0 && ticked === rows.length}
                  indeterminate={ticked > 0 && ticked < rows.length}
                  disabled={rows.length === 0}
                  onChange={selection.onToggleAll}
                />
              </Table.Th>
            )}
            {ALERT_COLUMNS.map((column) => (
              <Table.Th key={column} scope="col">
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <AlertRow key={row.alert.id} row={row} onSelect={onSelect} selection={selection} />
          ))}
          {!loading && rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={ALERT_COLUMNS.length + (selection ? 1 : 0)}>
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
