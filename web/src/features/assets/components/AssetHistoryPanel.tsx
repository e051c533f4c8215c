import { Box, Button, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBox } from '../../../components/ErrorBox';
import { formatDateTime } from '../../../lib/format';
import { useServices } from '../../../lib/services-context';
import { getAssetHistoryLines } from '../api/asset-history-api';
import { useAssetHistory } from '../hooks/useAssetHistory';
import type { AssetType } from '../types/asset-360';
import { historyCause, historyFileName, historySummary } from '../utils/history-summary';
import { saveTextFile } from '../utils/save-text-file';
import { Panel } from './Panel';
import { PanelPager } from './PanelPager';

type ExportStatus = 'idle' | 'exporting' | 'failed';

/** The History tab: every recorded event about the asset, newest first, and its export as JSON Lines. */
export function AssetHistoryPanel({ type, id }: { type: AssetType; id: string }) {
  const { api } = useServices();
  const { state, page, setPage } = useAssetHistory(type, id);
  const [exportStatus, setExportStatus] = useState<ExportStatus>('idle');

  const exportLines = () => {
    setExportStatus('exporting');
    getAssetHistoryLines(api, type, id).subscribe({
      next: (lines) => {
        saveTextFile(historyFileName(`${type}-${id}`, new Date()), lines);
        setExportStatus('idle');
      },
      error: () => setExportStatus('failed'),
    });
  };

  const events = state.data?.events ?? [];
  let body;
  if (state.status === 'error' && !state.data) body = <ErrorBox />;
  else if (state.status === 'loading' && !state.data) body = <Box mih={80} aria-busy="true" />;
  else if (events.length === 0) body = <EmptyState>There are no events to show</EmptyState>;
  else
    body = (
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing={6} data-testid="asset-history-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>TIME</Table.Th>
              <Table.Th>EVENT</Table.Th>
              <Table.Th>SUMMARY</Table.Th>
              <Table.Th>CAUSE</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {events.map((event) => (
              <Table.Tr key={event.position} data-testid="asset-history-row">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(event.time)}</Table.Td>
                <Table.Td>{event.type}</Table.Td>
                <Table.Td>{historySummary(event)}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>{historyCause(event.cause)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  const totalItems = state.data?.total_items ?? 0;
  const totalPages = state.data?.total_pages ?? 0;
  return (
    <Panel
      title="HISTORY"
      testId="asset-history"
      actions={
        <Button
          size="xs"
          variant="light"
          onClick={exportLines}
          loading={exportStatus === 'exporting'}
          disabled={totalItems === 0}
        >
          Export JSON Lines
        </Button>
      }
    >
      {exportStatus === 'failed' && (
        <Text size="sm" c="red" role="alert">
          The history could not be exported. Please try again.
        </Text>
      )}
      {body}
      {totalItems > 0 && (
        <PanelPager
          countText={totalItems === 1 ? '1 event' : `${totalItems} events`}
          countTestId="asset-history-count"
          page={page}
          totalPages={totalPages}
          onPage={setPage}
          label="History pages"
        />
      )}
    </Panel>
  );
}
