import { Checkbox, Group, Table, UnstyledButton } from '@mantine/core';
import { ImportanceBadge } from '../../../components/ImportanceBadge';
import { AssetTypeFilterButton } from '../../../components/AssetTypeFilterButton';
import { EmptyState } from '../../../components/EmptyState';
import { formatUnixDateTime } from '../../../lib/format';
import { assetKey, type AssetType, type InventoryAsset } from '../types/inventory';
import { LabelBadge } from './LabelBadge';

export interface InventoryTableProps {
  assets: readonly InventoryAsset[];
  loading: boolean;
  selected: ReadonlyMap<string, unknown>;
  assetType: AssetType | null;
  onCycleType: () => void;
  onToggle: (asset: InventoryAsset) => void;
  onTogglePage: () => void;
  onOpen: (index: number) => void;
}

export function InventoryTable({
  assets,
  loading,
  selected,
  assetType,
  onCycleType,
  onToggle,
  onTogglePage,
  onOpen,
}: InventoryTableProps) {
  const selectedHere = assets.filter((asset) => selected.has(assetKey(asset))).length;
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table
        highlightOnHover
        style={{ whiteSpace: 'nowrap' }}
        data-testid="inventory-table"
        aria-busy={loading}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label="Select all assets of this page"
                checked={assets.length > 0 && selectedHere === assets.length}
                indeterminate={selectedHere > 0 && selectedHere < assets.length}
                onChange={onTogglePage}
                disabled={assets.length === 0}
              />
            </Table.Th>
            <Table.Th>
              <AssetTypeFilterButton label="TYPE" assetType={assetType} onCycle={onCycleType} />
            </Table.Th>
            <Table.Th>ID</Table.Th>
            <Table.Th>NAME</Table.Th>
            <Table.Th>VENDOR</Table.Th>
            <Table.Th>DATA SOURCE</Table.Th>
            <Table.Th>IMPORTANCE</Table.Th>
            <Table.Th>LABELS</Table.Th>
            <Table.Th>FIRST ACTIVITY</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {assets.map((asset, index) => {
            const key = assetKey(asset);
            return (
              <Table.Tr
                key={key}
                data-testid="inventory-row"
                data-asset={key}
                style={{ cursor: 'pointer' }}
                onClick={() => onOpen(index)}
              >
                <Table.Td onClick={(event) => event.stopPropagation()}>
                  <Checkbox
                    aria-label={`Select ${asset.hex_id.toUpperCase()}`}
                    checked={selected.has(key)}
                    onChange={() => onToggle(asset)}
                  />
                </Table.Td>
                <Table.Td>{asset.type}</Table.Td>
                <Table.Td>
                  <UnstyledButton
                    onClick={(event) => {
                      event.stopPropagation();
                      onOpen(index);
                    }}
                    ff="monospace"
                    fz="sm"
                    aria-label={`Details of ${asset.hex_id.toUpperCase()}`}
                  >
                    {asset.hex_id.toUpperCase()}
                  </UnstyledButton>
                </Table.Td>
                <Table.Td>{asset.name ?? ''}</Table.Td>
                <Table.Td>{asset.vendor ?? ''}</Table.Td>
                <Table.Td>{asset.data_collector ?? ''}</Table.Td>
                <Table.Td>
                  <ImportanceBadge importance={asset.importance} />
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {asset.tags.map((tag) => (
                      <LabelBadge key={tag.id} tag={tag} />
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>{formatUnixDateTime(asset.first_activity)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {!loading && assets.length === 0 && <EmptyState>There is no results for selected filters</EmptyState>}
    </Table.ScrollContainer>
  );
}
