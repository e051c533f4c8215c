import { Box, Group, Pagination, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBox } from '../../../components/ErrorBox';
import { RiskBadge } from '../../../components/RiskBadge';
import { formatDateTime } from '../../../lib/format';
import type { Loadable } from '../streams/loadable';
import type { AssetIssue, AssetIssuesPage } from '../types/asset-360';
import { Panel } from './Panel';

/** Open issues of the asset, 5 a page, the most recent first. */
export function CurrentIssuesPanel({
  state,
  page,
  onPageChange,
  onOpenIssue,
}: {
  state: Loadable<AssetIssuesPage>;
  page: number;
  onPageChange: (page: number) => void;
  onOpenIssue: (issue: AssetIssue) => void;
}) {
  const issues = state.data?.issues ?? [];
  let body;
  if (state.status === 'error' && !state.data) body = <ErrorBox />;
  else if (state.status === 'loading' && !state.data) body = <Box mih={80} />;
  else if (issues.length === 0) body = <EmptyState>There are no current issues to show</EmptyState>;
  else {
    body = (
      <Table verticalSpacing={6} data-testid="asset-issues-table">
        <Table.Tbody>
          {issues.map((issue) => (
            <Table.Tr key={issue.id} data-testid="asset-issue-row">
              <Table.Td w={90}>
                <RiskBadge risk={issue.alert?.type?.risk} />
              </Table.Td>
              <Table.Td>
                <UnstyledButton onClick={() => onOpenIssue(issue)} disabled={!issue.alert}>
                  <Stack gap={0}>
                    <Text size="sm" fw={500}>
                      {issue.alert?.type?.name ?? `Issue ${issue.id}`}
                    </Text>
                    <Text size="xs" c="dimmed">
                      Since {formatDateTime(issue.since)}
                    </Text>
                  </Stack>
                </UnstyledButton>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }
  const totalPages = state.data?.total_pages ?? 0;
  return (
    <Panel title="CURRENT ISSUES" testId="asset-issues">
      {body}
      {totalPages > 1 && (
        <Group justify="flex-end">
          <Pagination
            size="sm"
            total={totalPages}
            value={page + 1}
            onChange={(value) => onPageChange(value - 1)}
            aria-label="Current issues pages"
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        </Group>
      )}
    </Panel>
  );
}
