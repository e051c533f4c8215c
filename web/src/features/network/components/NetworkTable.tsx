import { Badge, Group, Table, UnstyledButton } from '@mantine/core';
import { AssetTypeFilterButton } from '../../../components/AssetTypeFilterButton';
import { EmptyState } from '../../../components/EmptyState';
import type { AssetType, UsageAsset } from '../types/network';
import { formatUnixDateTime } from '../../../lib/format';
import { frequency, total, withUnit } from '../utils/format';
import { signalBand } from '../utils/signal';

export const BAND_COLORS: Record<string, string> = {
  EXCELLENT: 'green',
  GREAT: 'teal',
  OKAY: 'yellow',
  WEAK: 'orange',
  UNUSABLE: 'red',
  DISCONNECTED: 'gray',
};

export const isGateway = (asset: { type: string }) => asset.type.toLowerCase() === 'gateway';

export function messages(asset: UsageAsset): string {
  return `${total(asset.packets_up)}/${total(asset.packets_down)}/${total(asset.packets_lost)}`;
}

export interface NetworkTableProps {
  assets: readonly UsageAsset[];
  loading: boolean;
  assetType: AssetType | null;
  onCycleType: () => void;
  onOpen: (asset: UsageAsset) => void;
}

export function NetworkTable({ assets, loading, assetType, onCycleType, onOpen }: NetworkTableProps) {
  return (
    <Table.ScrollContainer minWidth={1100}>
      <Table
        highlightOnHover
        style={{ whiteSpace: 'nowrap' }}
        data-testid="network-table"
        aria-busy={loading}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <AssetTypeFilterButton label="type" assetType={assetType} onCycle={onCycleType} />
            </Table.Th>
            <Table.Th>ID</Table.Th>
            <Table.Th>DEV ADDR</Table.Th>
            <Table.Th>NAME</Table.Th>
            <Table.Th>LAST MESSAGE</Table.Th>
            <Table.Th>MESSAGES (U/D/L)</Table.Th>
            <Table.Th>FREQUENCY</Table.Th>
            <Table.Th>RSSI</Table.Th>
            <Table.Th>SNR</Table.Th>
            <Table.Th>SF</Table.Th>
            <Table.Th>Payload</Table.Th>
            <Table.Th># GW</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {assets.map((asset) => {
            const gateway = isGateway(asset);
            const band = signalBand(asset.max_rssi);
            return (
              <Table.Tr
                key={`${asset.type}:${asset.id}`}
                data-testid="network-row"
                style={{ cursor: 'pointer' }}
                onClick={() => onOpen(asset)}
              >
                <Table.Td>
                  <Badge variant="light" color={gateway ? 'grape' : 'blue'} size="sm">
                    {asset.type}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <UnstyledButton
                    ff="monospace"
                    fz="sm"
                    onClick={(event) => {
                      event.stopPropagation();
                      onOpen(asset);
                    }}
                    aria-label={`Details of ${asset.hex_id.toUpperCase()}`}
                  >
                    {asset.hex_id.toUpperCase()}
                  </UnstyledButton>
                </Table.Td>
                <Table.Td ff="monospace">{asset.dev_addr?.toUpperCase() ?? ''}</Table.Td>
                <Table.Td>{asset.name ?? ''}</Table.Td>
                <Table.Td>{formatUnixDateTime(asset.last_activity)}</Table.Td>
                <Table.Td>{messages(asset)}</Table.Td>
                <Table.Td>{frequency(asset.activity_freq)}</Table.Td>
                <Table.Td>
                  {gateway ? (
                    '-'
                  ) : (
                    <Group gap={4} wrap="nowrap">
                      <span>{withUnit(asset.max_rssi, 'dBm')}</span>
                      <Badge size="xs" variant="light" color={BAND_COLORS[band]}>
                        {band}
                      </Badge>
                    </Group>
                  )}
                </Table.Td>
                <Table.Td>{gateway ? '-' : withUnit(asset.max_lsnr, 'dB')}</Table.Td>
                <Table.Td>{asset.spread_factor ?? '-'}</Table.Td>
                <Table.Td>{gateway ? '-' : withUnit(asset.payload_size, 'bytes')}</Table.Td>
                <Table.Td>{asset.ngateways_connected_to ?? '-'}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {!loading && assets.length === 0 && <EmptyState>There is no results for selected filters</EmptyState>}
    </Table.ScrollContainer>
  );
}
