import { Badge, Box, Button, Table } from '@mantine/core';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBox } from '../../../components/ErrorBox';
import { RiskBadge } from '../../../components/RiskBadge';
import { formatDateTime } from '../../../lib/format';
import type { AssetAlertsList } from '../hooks/useAssetAlerts';
import type { AssetAlert } from '../types/asset-360';
import { Panel } from './Panel';
import { PanelPager } from './PanelPager';

/** The asset's alerts, 7 a page, by creation date (newest first unless toggled); resolved rows stand out. */
export function AlertsList({
  list,
  onOpenAlert,
}: {
  list: AssetAlertsList;
  onOpenAlert: (row: number) => void;
}) {
  const { state, page, setPage, direction, toggleDirection } = list;
  const alerts: AssetAlert[] = state.data?.alerts ?? [];
  const totalItems = state.data?.totalItems ?? 0;
  const totalPages = state.data?.totalPages ?? 0;

  let body;
  if (state.status === 'error' && !state.data) body = <ErrorBox />;
  else if (state.status === 'loading' && !state.data) body = <Box mih={120} />;
  else if (alerts.length === 0) body = <EmptyState>There are no alerts to show.</EmptyState>;
  else {
    body = (
      <Table.ScrollContainer minWidth={480}>
        <Table highlightOnHover verticalSpacing={6} data-testid="asset-alerts-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>RISK</Table.Th>
              <Table.Th>DESCRIPTION</Table.Th>
              <Table.Th aria-sort={direction === 'DESC' ? 'descending' : 'ascending'}>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  onClick={toggleDirection}
                  aria-label={`Sort by date, ${direction === 'DESC' ? 'oldest' : 'newest'} first`}
                  rightSection={direction === 'DESC' ? '↓' : '↑'}
                >
                  DATE
                </Button>
              </Table.Th>
              <Table.Th>STATE</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {alerts.map((alert, row) => (
              <Table.Tr
                key={alert.id}
                data-testid="asset-alert-row"
                data-resolved={alert.resolved_at ? 'true' : 'false'}
                bg={alert.resolved_at ? 'var(--mantine-color-green-light)' : undefined}
                style={{ cursor: 'pointer' }}
                tabIndex={0}
                onClick={() => onOpenAlert(row)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') onOpenAlert(row);
                }}
              >
                <Table.Td>
                  <RiskBadge risk={alert.type?.risk} />
                </Table.Td>
                <Table.Td>{alert.type?.name ?? alert.id}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(alert.created_at)}</Table.Td>
                <Table.Td>
                  {alert.resolved_at ? (
                    <Badge color="green" variant="light" miw="max-content">
                      Resolved
                    </Badge>
                  ) : (
                    <Badge color="gray" variant="light" miw="max-content">
                      Unresolved
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Panel title="ALERTS" testId="asset-alerts">
      {state.status === 'error' && state.data && <ErrorBox />}
      {body}
      {totalItems > 0 && (
        <PanelPager
          countText={totalItems === 1 ? '1 alert' : `${totalItems} alerts`}
          countTestId="asset-alerts-total"
          page={page}
          totalPages={totalPages}
          onPage={setPage}
          label="Alerts pages"
        />
      )}
    </Panel>
  );
}
