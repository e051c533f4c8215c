import { Grid, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { AlertDialog } from '../../../components/alert-dialog/AlertDialog';
import { adjacentPosition, type ListPosition } from '../../../components/alert-dialog/navigation';
import { AssetMap } from '../../../components/map/AssetMap';
import { StatusPage } from '../../../components/StatusPage';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/services-context';
import { isAdmin } from '../../../lib/session';
import { useAssetAlertsList, useAssetAlertsTimeline } from '../hooks/useAssetAlerts';
import { useAssetIssues } from '../hooks/useAssetIssues';
import { useAssetSummary } from '../hooks/useAssetSummary';
import type { AssetAlert, AssetIssue, AssetType } from '../types/asset-360';
import { ALERTS_PAGE_SIZE, MAP_ZOOM } from '../types/asset-view-constants';
import { assetMapContent } from '../utils/asset-points';
import { dialogAlertOf } from '../utils/dialog-alert';
import { serverMessage } from '../utils/error-text';
import { AlertsList } from './AlertsList';
import { AlertsTimeline } from './AlertsTimeline';
import { AssetDateFilter, DEFAULT_DATE_FILTER, type AssetDateFilterValue } from './AssetDateFilter';
import { AssetDetailsTable } from './AssetDetailsTable';
import { AssetHistoryPanel } from './AssetHistoryPanel';
import { AssetHeader } from './AssetHeader';
import { CurrentIssuesPanel } from './CurrentIssuesPanel';
import { GatewayDevicesPanel } from './GatewayDevicesPanel';
import { NetworkOverviewBlock } from './NetworkOverviewBlock';
import { Panel } from './Panel';

type DialogState =
  { kind: 'list'; position: ListPosition } | { kind: 'single'; alert: AssetAlert; issue?: AssetIssue } | null;

/** /dashboard/assets/{type}/{id}/view: everything known about one device or gateway. */
export function AssetViewPage() {
  const params = useParams();
  // The server judges the type and id (its 400 and 404 become the error page), so they pass through as given.
  const type = (params.assetType ?? '') as AssetType;
  const id = params.assetId ?? '';
  // Another asset (a gateway link from a device) is a fresh view: no dialog, range or page carried over.
  return <AssetView key={`${type}/${id}`} type={type} id={id} />;
}

function AssetView({ type, id }: { type: AssetType; id: string }) {
  const { asset, usage, gateways } = useAssetSummary(type, id);
  // The History tab reads the record of events, which is for administrators (as the API that serves it).
  const admin = isAdmin(useSession());
  const [dateFilter, setDateFilter] = useState<AssetDateFilterValue>(DEFAULT_DATE_FILTER);
  const range = useMemo(
    () => ({
      from: dateFilter.range.from.toISOString(),
      // A preset stays open-ended, so live alerts keep coming in; a manual pick is a fixed range.
      to: dateFilter.quick ? null : dateFilter.range.to.toISOString(),
    }),
    [dateFilter],
  );
  const alertsList = useAssetAlertsList(type, id, range);
  const timeline = useAssetAlertsTimeline(type, id, range);
  const issues = useAssetIssues(type, id);
  const [dialog, setDialog] = useState<DialogState>(null);
  const mapContent = useMemo(() => (asset.data ? assetMapContent(asset.data) : null), [asset.data]);

  if (asset.status === 'error' && !asset.data) {
    const status = asset.error?.status;
    return (
      <StatusPage
        code={status ? status : undefined}
        title={serverMessage(asset.error)}
        backTo="/dashboard/inventory"
      >
        <Text c="dimmed">The asset could not be loaded.</Text>
      </StatusPage>
    );
  }
  if (!asset.data || !mapContent) {
    return (
      <Stack gap="md" aria-busy="true">
        <Skeleton h={80} />
        <Skeleton h={300} />
      </Stack>
    );
  }
  const current = asset.data;

  // The dialog's alert: from the list (with previous/next across its pages) or a single one (timeline, issues).
  const listPage = alertsList.state.data;
  let dialogAlert: AssetAlert | null = null;
  let dialogLoading = false;
  if (dialog?.kind === 'list') {
    if (listPage && listPage.page === dialog.position.page)
      dialogAlert = listPage.alerts[dialog.position.row] ?? null;
    else dialogLoading = true;
  } else if (dialog?.kind === 'single') {
    dialogAlert = dialog.alert;
  }
  const moveInList = (direction: 'previous' | 'next') => {
    if (dialog?.kind !== 'list' || !listPage) return;
    const target = adjacentPosition(dialog.position, direction, ALERTS_PAGE_SIZE, listPage.totalItems);
    if (!target) return;
    if (target.page !== alertsList.page) alertsList.setPage(target.page);
    setDialog({ kind: 'list', position: target });
  };
  const dialogContent = dialogAlert ? dialogAlertOf(dialogAlert) : null;
  const totalListed = listPage?.totalItems ?? 0;

  const overview = (
    <Stack gap="md">
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <AssetDetailsTable asset={current} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Panel title="LOCATION" testId="asset-location">
            <AssetMap points={mapContent.points} circles={mapContent.circles} height={300} zoom={MAP_ZOOM} />
          </Panel>
        </Grid.Col>
      </Grid>
      <AssetDateFilter value={dateFilter} onChange={setDateFilter} />
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            <AlertsTimeline
              state={timeline.state}
              quantity={timeline.quantity}
              onQuantityChange={timeline.setQuantity}
              onOpenAlert={(alert) => setDialog({ kind: 'single', alert })}
              resetKey={`${type}/${id}/${range.from}/${range.to}/${timeline.quantity}`}
            />
            <AlertsList
              list={alertsList}
              onOpenAlert={(row) => setDialog({ kind: 'list', position: { page: alertsList.page, row } })}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <CurrentIssuesPanel
              state={issues.state}
              page={issues.page}
              onPageChange={issues.setPage}
              onOpenIssue={(issue) => issue.alert && setDialog({ kind: 'single', alert: issue.alert, issue })}
            />
            <NetworkOverviewBlock asset={current} usage={usage} gateways={gateways} />
          </Stack>
        </Grid.Col>
      </Grid>
      {current.type === 'gateway' && <GatewayDevicesPanel gatewayId={id} />}
    </Stack>
  );

  return (
    <Stack gap="md">
      <AssetHeader asset={current} />
      {admin ? (
        <Tabs defaultValue="overview" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="overview">Overview</Tabs.Tab>
            <Tabs.Tab value="history">History</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="overview">{overview}</Tabs.Panel>
          <Tabs.Panel value="history">
            <AssetHistoryPanel type={type} id={id} />
          </Tabs.Panel>
        </Tabs>
      ) : (
        overview
      )}
      <AlertDialog
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        alert={dialogContent?.alert ?? null}
        alertType={dialogContent?.alertType ?? null}
        loading={dialogLoading}
        navigation={
          dialog?.kind === 'list'
            ? {
                hasPrevious:
                  adjacentPosition(dialog.position, 'previous', ALERTS_PAGE_SIZE, totalListed) !== null,
                hasNext: adjacentPosition(dialog.position, 'next', ALERTS_PAGE_SIZE, totalListed) !== null,
                onPrevious: () => moveInList('previous'),
                onNext: () => moveInList('next'),
              }
            : undefined
        }
      >
        {dialog?.kind === 'single' && dialog.issue && (
          <>
            <Text size="sm">Since: {formatDateTime(dialog.issue.since)}</Text>
            <Text size="sm">Last checked: {formatDateTime(dialog.issue.last_checked) || '-'}</Text>
          </>
        )}
      </AlertDialog>
    </Stack>
  );
}
