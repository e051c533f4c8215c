import { Button, LoadingOverlay, Paper, Stack, Table, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  AlertAssetCells,
  DataSourceCell,
  DateCell,
  DescriptionButton,
  RiskCell,
} from '../../../components/alert-cells';
import { AlertDialog } from '../../../components/alert-dialog/AlertDialog';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBox } from '../../../components/ErrorBox';
import type { LatestAlertRow } from '../streams/latest-alerts';
import type { Loadable } from '../streams/loadable';

export const LATEST_ALERT_COLUMNS = [
  'RISK',
  'DESCRIPTION',
  'DATE',
  'DevEUI/ADDRESS',
  'DEVICE NAME',
  'IMPORTANCE',
  'GATEWAY',
  'DATA SOURCE',
] as const;

/** The dialog's Go to Alerts leads to the full history. */
export const ALERTS_REVIEW_PATH = '/dashboard/alerts_review';

function AlertRow({ row, onOpen }: { row: LatestAlertRow; onOpen: () => void }) {
  const { alert, alertType } = row;
  const description = alertType?.name ?? alert.type;
  return (
    <Table.Tr
      data-testid="latest-alert-row"
      data-alert-id={alert.id}
      onClick={onOpen}
      style={{ cursor: 'pointer' }}
    >
      <RiskCell risk={alertType?.risk} />
      <Table.Td>
        <DescriptionButton color="blue" label={`Show details of alert ${alert.id}: ${description}`}>
          {description}
        </DescriptionButton>
      </Table.Td>
      <DateCell value={alert.created_at} />
      <AlertAssetCells alert={alert} assetType={alertType?.forAssetType} />
      <DataSourceCell name={alert.data_collector_name} />
    </Table.Tr>
  );
}

/** LATEST ALERTS: the newest unresolved alerts of the last week; a row opens the alert dialog. */
export function LatestAlertsTable({ state }: { state: Loadable<LatestAlertRow[]> }) {
  const rows = state.status === 'ready' ? state.value : [];
  // Held by id: a live reload reorders the rows, and the dialog stays on the alert the user opened.
  const [openedId, setOpenedId] = useState<number | null>(null);
  const openedIndex = rows.findIndex((row) => row.alert.id === openedId);
  const opened = openedIndex >= 0 ? rows[openedIndex] : null;
  let body;
  if (state.status === 'error') body = <ErrorBox />;
  else
    body = (
      <Table.ScrollContainer minWidth={960} pos="relative">
        <LoadingOverlay visible={state.status === 'loading'} zIndex={2} overlayProps={{ blur: 1 }} />
        <Table
          data-testid="latest-alerts-table"
          highlightOnHover
          striped
          verticalSpacing="xs"
          aria-busy={state.status === 'loading'}
          aria-label="LATEST ALERTS"
        >
          <Table.Thead>
            <Table.Tr>
              {LATEST_ALERT_COLUMNS.map((column) => (
                <Table.Th key={column} scope="col">
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <AlertRow key={row.alert.id} row={row} onOpen={() => setOpenedId(row.alert.id)} />
            ))}
          </Table.Tbody>
        </Table>
        {state.status === 'ready' && rows.length === 0 && <EmptyState>No items found</EmptyState>}
      </Table.ScrollContainer>
    );
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="latest-alerts-title">
      <Stack gap="sm">
        <Title order={2} size="h5" id="latest-alerts-title">
          LATEST ALERTS
        </Title>
        {body}
      </Stack>
      <AlertDialog
        opened={opened !== null}
        onClose={() => setOpenedId(null)}
        alert={opened?.alert ?? null}
        alertType={opened?.alertType ?? null}
        navigation={{
          hasPrevious: openedIndex > 0,
          hasNext: openedIndex >= 0 && openedIndex < rows.length - 1,
          onPrevious: () => setOpenedId(rows[openedIndex - 1]?.alert.id ?? openedId),
          onNext: () => setOpenedId(rows[openedIndex + 1]?.alert.id ?? openedId),
        }}
        actions={
          <Button component={Link} to={ALERTS_REVIEW_PATH} variant="light">
            Go to Alerts
          </Button>
        }
      />
    </Paper>
  );
}
