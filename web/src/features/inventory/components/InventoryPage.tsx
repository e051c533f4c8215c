import { Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { ErrorBox } from '../../../components/ErrorBox';
import { ExportMenu } from '../../../components/ExportMenu';
import { orderByParam } from '../../../lib/paging';
import { inventoryFilterParams } from '../api/inventory-api';
import { FilterChips, type FilterChip } from '../../../components/FilterChips';
import { PageHeader } from '../../../components/PageHeader';
import { Pager } from '../../../components/Pager';
import { SortButtons } from '../../../components/SortButtons';
import { useInventory } from '../hooks/useInventory';
import { INVENTORY_GROUPINGS, type InventoryFilters, type InventoryGrouping } from '../types/inventory';
import { AssetDetailModal } from './AssetDetailModal';
import { AssetSearch } from './AssetSearch';
import { AssignLabelsDialog } from './AssignLabelsDialog';
import { InventoryCharts } from './InventoryCharts';
import { InventoryTable } from './InventoryTable';
import { SetImportanceDialog } from './SetImportanceDialog';

export const INVENTORY_SORT_FIELDS = [
  { field: 'first_activity', label: 'First activity' },
  { field: 'last_activity', label: 'Last activity' },
  { field: 'importance', label: 'Importance' },
  { field: 'vendor', label: 'Vendor' },
  { field: 'data_collector', label: 'Data source' },
] as const;

const FAILURE = 'Something went wrong. Try again later.';

function failed() {
  notifications.show({ color: 'red', title: 'Oops!', message: FAILURE });
}

function filterChips(filters: InventoryFilters, setFilters: (next: InventoryFilters) => void): FilterChip[] {
  const chips: FilterChip[] = INVENTORY_GROUPINGS.flatMap((grouping) =>
    filters[grouping].map((pick) => ({
      key: `${grouping}:${pick.id}`,
      label: pick.label,
      onRemove: () =>
        setFilters({ ...filters, [grouping]: filters[grouping].filter((other) => other.id !== pick.id) }),
    })),
  );
  if (filters.assetType)
    chips.push({
      key: 'type',
      label: filters.assetType,
      onRemove: () => setFilters({ ...filters, assetType: null }),
    });
  return chips;
}

export function InventoryPage() {
  const inventory = useInventory();
  const { list, filters, setFilters } = inventory;
  const [dialog, setDialog] = useState<'importance' | 'labels' | null>(null);
  const [detail, setDetail] = useState<number | null>(null);
  // After stepping past a page edge, the modal waits for that page and opens its first or last row.
  const [pending, setPending] = useState<{ page: number; edge: 'first' | 'last' } | null>(null);

  const assets = list.data.assets;
  const totalPages = list.data.total_pages;

  useEffect(() => {
    if (!pending || list.status !== 'ready' || list.data.page !== pending.page) return;
    setDetail(assets.length === 0 ? null : pending.edge === 'first' ? 0 : assets.length - 1);
    setPending(null);
  }, [pending, list, assets.length]);

  // Hiding the last rows of the last page leaves it empty: step back to the new last page.
  useEffect(() => {
    if (list.status === 'ready' && assets.length === 0 && inventory.page > 0 && inventory.page >= totalPages)
      inventory.setPage(Math.max(0, totalPages - 1));
  }, [list.status, assets.length, inventory, totalPages]);

  const select = (grouping: InventoryGrouping, id: string, label: string) => {
    const picks = filters[grouping];
    const next = picks.some((pick) => pick.id === id)
      ? picks.filter((pick) => pick.id !== id)
      : [...picks, { id, label }];
    setFilters({ ...filters, [grouping]: next });
  };

  const step = (delta: 1 | -1) => {
    if (detail === null) return;
    const target = detail + delta;
    if (target >= 0 && target < assets.length) setDetail(target);
    else if (delta === 1 && inventory.page + 1 < totalPages) {
      setPending({ page: inventory.page + 1, edge: 'first' });
      inventory.setPage(inventory.page + 1);
    } else if (delta === -1 && inventory.page > 0) {
      setPending({ page: inventory.page - 1, edge: 'last' });
      inventory.setPage(inventory.page - 1);
    }
  };

  const count = inventory.selected.size;
  const hideOrShow = filters.hidden ? 'SHOW' : 'HIDE';

  return (
    <Stack gap="md">
      <PageHeader title="INVENTORY">
        <Button variant="light" onClick={inventory.toggleHiddenView} data-testid="hidden-toggle">
          {filters.hidden ? 'SEE VISIBLE ASSETS' : 'SEE HIDDEN ASSETS'}
        </Button>
        <ExportMenu
          path="inventory/export"
          subject="inventory"
          query={{ ...inventoryFilterParams(filters), order_by: orderByParam(inventory.sort) }}
        />
      </PageHeader>

      <AssetSearch />

      <InventoryCharts counts={inventory.counts} filters={filters} onSelect={select} />

      <FilterChips
        chips={filterChips(filters, setFilters)}
        onClear={() =>
          setFilters({ ...filters, vendor: [], data_collector: [], importance: [], tag: [], assetType: null })
        }
      />

      <Group justify="space-between" align="center" wrap="wrap">
        <Group gap="xs" role="group" aria-label="Actions on the selected assets">
          <Button
            size="xs"
            disabled={count === 0}
            onClick={async () => {
              if (!(await inventory.toggleHiding())) failed();
            }}
          >
            {hideOrShow}
          </Button>
          <Button size="xs" disabled={count === 0} onClick={() => setDialog('importance')}>
            SET IMPORTANCE
          </Button>
          <Button size="xs" onClick={() => setDialog('labels')}>
            ASSIGN LABELS
          </Button>
        </Group>
        <SortButtons
          fields={INVENTORY_SORT_FIELDS}
          sort={inventory.sort}
          onSort={inventory.sortBy}
          onClear={inventory.clearSort}
        />
      </Group>

      {list.status === 'error' ? (
        <ErrorBox />
      ) : (
        <>
          <InventoryTable
            assets={assets}
            loading={list.status === 'loading'}
            selected={inventory.selected}
            assetType={filters.assetType}
            onCycleType={inventory.cycleAssetType}
            onToggle={inventory.toggleSelected}
            onTogglePage={inventory.togglePage}
            onOpen={setDetail}
          />
          <Pager
            label="Inventory pages"
            page={inventory.page}
            pageCount={Math.max(1, totalPages)}
            pageSize={inventory.size}
            total={list.data.total_items}
            onPageChange={inventory.setPage}
            onPageSizeChange={inventory.setSize}
          />
        </>
      )}

      <SetImportanceDialog
        opened={dialog === 'importance'}
        count={count}
        onClose={() => setDialog(null)}
        onAssign={inventory.assignImportance}
      />
      <AssignLabelsDialog
        opened={dialog === 'labels'}
        assets={inventory.selectedRefs}
        onClose={() => setDialog(null)}
        onAssigned={inventory.afterChange}
      />
      <AssetDetailModal
        asset={detail === null ? null : (assets[detail] ?? null)}
        hasPrevious={detail !== null && (detail > 0 || inventory.page > 0)}
        hasNext={detail !== null && (detail < assets.length - 1 || inventory.page + 1 < totalPages)}
        onPrevious={() => step(-1)}
        onNext={() => step(1)}
        onClose={() => {
          setDetail(null);
          setPending(null);
        }}
      />
    </Stack>
  );
}
