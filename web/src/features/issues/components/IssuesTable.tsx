import { LoadingOverlay, Table, UnstyledButton } from '@mantine/core';
import { ImportanceBadge } from '../../../components/ImportanceBadge';
import { RiskBadge } from '../../../components/RiskBadge';
import { deviceIdentity, deviceName, gatewayIdentity } from '../../../lib/alerts/alert-display';
import { formatDateTime } from '../../../lib/format';
import type { Issue } from '../types/issues';

export const ISSUE_COLUMNS = [
  'RISK',
  'DESCRIPTION',
  'DATE',
  'LAST CHECK',
  'DevEUI/ADDRESS',
  'DEVICE NAME',
  'IMPORTANCE',
  'GATEWAY',
  'DATA SOURCE',
] as const;

export interface IssuesTableProps {
  issues: readonly Issue[];
  loading: boolean;
  onSelect(row: number): void;
}

function IssueRow({ issue, onSelect }: { issue: Issue; onSelect(): void }) {
  const { alert, alert_type: type } = issue;
  const description = type?.name ?? alert?.type ?? '';
  return (
    <Table.Tr
      data-testid="issue-row"
      data-issue-id={issue.id}
      onClick={onSelect}
      style={{ cursor: 'pointer' }}
    >
      <Table.Td>
        <RiskBadge risk={type?.risk} />
      </Table.Td>
      <Table.Td>
        {/* The click bubbles to the row; the button gives keyboard users a focus stop. */}
        <UnstyledButton fz="sm" fw={500} aria-label={`Show details of issue ${issue.id}: ${description}`}>
          {description}
        </UnstyledButton>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(issue.since)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(issue.last_checked)}</Table.Td>
      <Table.Td ff="monospace">{alert ? deviceIdentity(alert) : ''}</Table.Td>
      <Table.Td>{alert ? deviceName(alert) : ''}</Table.Td>
      <Table.Td>
        <ImportanceBadge importance={alert?.asset_importance} />
      </Table.Td>
      <Table.Td ff="monospace">{alert ? gatewayIdentity(alert) : ''}</Table.Td>
      <Table.Td>{issue.data_collector_name ?? ''}</Table.Td>
    </Table.Tr>
  );
}

/** The current issues of one page; a row opens the alert dialog. */
export function IssuesTable({ issues, loading, onSelect }: IssuesTableProps) {
  return (
    <Table.ScrollContainer minWidth={1080} pos="relative">
      <LoadingOverlay visible={loading} zIndex={2} overlayProps={{ blur: 1 }} />
      <Table data-testid="issues-table" highlightOnHover verticalSpacing="xs" aria-busy={loading}>
        <Table.Thead>
          <Table.Tr>
            {ISSUE_COLUMNS.map((column) => (
              <Table.Th key={column} scope="col">
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {issues.map((issue, row) => (
            <IssueRow key={issue.id} issue={issue} onSelect={() => onSelect(row)} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
