import { Button, Collapse, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { ErrorBox } from '../../../components/ErrorBox';
import { ExportMenu } from '../../../components/ExportMenu';
import { orderByParam } from '../../../lib/paging';
import { networkFilterParams } from '../api/network-api';
import { FilterChips, type FilterChip } from '../../../components/FilterChips';
import { PageHeader } from '../../../components/PageHeader';
import { Pager } from '../../../components/Pager';
import { SortButtons } from '../../../components/SortButtons';
import { useNetworkOverview } from '../hooks/useNetworkOverview';
import {
  FULL_LOSS,
  FULL_SIGNAL,
  NO_NETWORK_FILTERS,
  type DataSourceOption,
  type NetworkFilters,
  type UsageAsset,
} from '../types/network';
import { signalLabel } from '../utils/signal';
import { NetworkFilterPanel } from './NetworkFilterPanel';
import { NetworkTable } from './NetworkTable';
import { UsageDetailModal } from './UsageDetailModal';

export const NETWORK_SORT_FIELDS = [
  { field: 'last_activity', label: 'Last message' },
  { field: 'npackets_lost', label: 'Messages lost' },
  { field: 'activity_freq', label: 'Frequency' },
  { field: 'max_rssi', label: 'RSSI' },
  { field: 'max_lsnr', label: 'SNR' },
] as const;

const sameRange = (a: readonly number[], b: readonly number[]) => a[0] === b[0] && a[1] === b[1];

export function networkChips(
  filters: NetworkFilters,
  dataSources: DataSourceOption[],
  onChange: (filters: NetworkFilters) => void,
): FilterChip[] {
  const chips: FilterChip[] = [];
  if (filters.status)
    chips.push({
      key: 'status',
      label: filters.status,
      onRemove: () => onChange({ ...filters, status: null }),
    });
  if (filters.assetType)
    chips.push({
      key: 'type',
      label: filters.assetType,
      onRemove: () => onChange({ ...filters, assetType: null }),
    });
  for (const gateway of filters.gateways)
    chips.push({
      key: `gateway:${gateway.id}`,
      label: gateway.label,
      onRemove: () =>
        onChange({ ...filters, gateways: filters.gateways.filter((other) => other.id !== gateway.id) }),
    });
  for (const id of filters.dataCollectorIds)
    chips.push({
      key: `source:${id}`,
      label: dataSources.find((source) => String(source.id) === id)?.name ?? `Data source ${id}`,
      onRemove: () =>
        onChange({ ...filters, dataCollectorIds: filters.dataCollectorIds.filter((other) => other !== id) }),
    });
  if (!sameRange(filters.packetLoss, FULL_LOSS))
    chips.push({
      key: 'loss',
      label: `Lost ${filters.packetLoss[0]}-${filters.packetLoss[1]}%`,
      onRemove: () => onChange({ ...filters, packetLoss: FULL_LOSS }),
    });
  if (!sameRange(filters.signal, FULL_SIGNAL))
    chips.push({
      key: 'signal',
      label: `${signalLabel(filters.signal[0])}..${signalLabel(filters.signal[1])} dBm`,
      onRemove: () => onChange({ ...filters, signal: FULL_SIGNAL }),
    });
  return chips;
}

export function NetworkOverviewPage() {
  const overview = useNetworkOverview();
  const { list, filters, setFilters } = overview;
  const [panelOpen, setPanelOpen] = useState(true);
  const [detail, setDetail] = useState<UsageAsset | null>(null);

  return (
    <Stack gap="md">
      <PageHeader title="NETWORK OVERVIEW">
        <Button
          variant="light"
          onClick={() => setPanelOpen((open) => !open)}
          aria-expanded={panelOpen}
          aria-controls="network-filter-panel"
        >
          {panelOpen ? 'Hide search and charts' : 'Show search and charts'}
        </Button>
        <ExportMenu
          path="resource_usage/export"
          subject="network overview"
          query={{ ...networkFilterParams(filters), order_by: orderByParam(overview.sort) }}
        />
      </PageHeader>

      <Collapse in={panelOpen} id="network-filter-panel">
        <NetworkFilterPanel
          counts={overview.counts}
          filters={filters}
          dataSources={overview.dataSources}
          onChange={setFilters}
        />
      </Collapse>

      <FilterChips
        chips={networkChips(filters, overview.dataSources, setFilters)}
        onClear={() => setFilters(NO_NETWORK_FILTERS)}
      />

      <Group justify="flex-end">
        <SortButtons
          fields={NETWORK_SORT_FIELDS}
          sort={overview.sort}
          onSort={overview.sortBy}
          onClear={overview.clearSort}
        />
      </Group>

      {list.status === 'error' ? (
        <ErrorBox />
      ) : (
        <>
          <NetworkTable
            assets={list.data.assets}
            loading={list.status === 'loading'}
            assetType={filters.assetType}
            onCycleType={overview.cycleAssetType}
            onOpen={setDetail}
          />
          <Pager
            label="Network overview pages"
            page={overview.page}
            pageCount={Math.max(1, list.data.total_pages)}
            pageSize={overview.size}
            total={list.data.total_items}
            onPageChange={overview.setPage}
            onPageSizeChange={overview.setSize}
          />
        </>
      )}

      <UsageDetailModal asset={detail} onClose={() => setDetail(null)} />
    </Stack>
  );
}
