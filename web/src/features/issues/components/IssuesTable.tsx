import { LoadingOverlay, Table } from '@mantine/core';
import {
  AlertAssetCells,
  DataSourceCell,
  DateCell,
  DescriptionButton,
  RiskCell,
} from '../../../components/alert-cells';
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
      <RiskCell risk={type?.risk} />
      <Table.Td>
        <DescriptionButton label={`Show details of issue ${issue.id}: ${description}`}>
          {description}
        </DescriptionButton>
      </Table.Td>
      <DateCell value={issue.since} />
      <DateCell value={issue.last_checked} />
      <AlertAssetCells alert={alert} assetType={type?.forAssetType} />
      <DataSourceCell name={issue.data_collector_name} />
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
