import { Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { ErrorBox } from '../../../components/ErrorBox';
import { useAlertsReview, type AlertRowModel } from '../hooks/useAlertsReview';
import { AlertDetailDrawer } from './AlertDetailDrawer';
import { AlertsPager } from './AlertsPager';
import { AlertsTable } from './AlertsTable';
import { AlertsTotal } from './AlertsTotal';
import { NewAlertsBanner } from './NewAlertsBanner';

export function AlertsReviewPage() {
  const review = useAlertsReview();
  const [selected, setSelected] = useState<AlertRowModel | null>(null);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h3">
          ALERTS
        </Title>
        <AlertsTotal total={review.total} />
      </Group>

      {review.hasNewAlerts && <NewAlertsBanner onReload={review.reloadNow} />}

      {review.status === 'error' ? (
        <ErrorBox />
      ) : (
        <>
          <AlertsTable rows={review.rows} loading={review.status === 'loading'} onSelect={setSelected} />
          <AlertsPager
            page={review.page}
            pageCount={review.pageCount}
            pageSize={review.pageSize}
            total={review.total}
            onPageChange={review.setPage}
            onPageSizeChange={review.setPageSize}
          />
        </>
      )}

      <AlertDetailDrawer row={selected} onClose={() => setSelected(null)} />
    </Stack>
  );
}
