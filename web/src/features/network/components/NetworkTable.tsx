import { Stack, Table, UnstyledButton } from '@mantine/core';
import { AssetTypeFilterButton } from '../../../components/AssetTypeFilterButton';
import { EmptyState } from '../../../components/EmptyState';
import { SolidBadge } from '../../../components/SolidBadge';
import type { AssetType, UsageAsset } from '../types/network';
import { formatUnixDateTime } from '../../../lib/format';
import { frequency, total, withUnit } from '../utils/format';
import { signalBand } from '../utils/signal';

/** Signal band badges, in the spec's signal colours; the text on each is black or white for contrast. */
export const BAND_COLORS: Record<string, string> = {
  EXCELLENT: '#27c24c',
  GREAT: '#37bc9b',
  OKAY: '#fad732',
  WEAK: '#ff902b',
  UNUSABLE: '#f05050',
  DISCONNECTED: '#868e96',
};

export const TYPE_COLORS = { device: '#2f6fc4', gateway: '#6354b0' } as const;

/** Cells that must stay on one line (identifiers, numbers with their unit). */
const ONE_LINE = { whiteSpace: 'nowrap' } as const;

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
    // Names, dates and headings wrap so every column fits beside the sidebar at 1440 px; narrower screens scroll.
    <Table.ScrollContainer minWidth={960}>
      <Table highlightOnHover horizontalSpacing="xs" data-testid="network-table" aria-busy={loading}>
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
                  <SolidBadge color={gateway ? TYPE_COLORS.gateway : TYPE_COLORS.device} size="sm">
                    {asset.type}
                  </SolidBadge>
                </Table.Td>
                <Table.Td style={ONE_LINE}>
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
                <Table.Td ff="monospace" style={ONE_LINE}>
                  {asset.dev_addr?.toUpperCase() ?? ''}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere', minWidth: 96 }}>{asset.name ?? ''}</Table.Td>
                <Table.Td>{formatUnixDateTime(asset.last_activity)}</Table.Td>
                <Table.Td style={ONE_LINE}>{messages(asset)}</Table.Td>
                <Table.Td style={ONE_LINE}>{frequency(asset.activity_freq)}</Table.Td>
                <Table.Td>
                  {gateway ? (
                    '-'
                  ) : (
                    <Stack gap={2} align="flex-start">
                      <span style={ONE_LINE}>{withUnit(asset.max_rssi, 'dBm')}</span>
                      <SolidBadge size="xs" color={BAND_COLORS[band] ?? BAND_COLORS.DISCONNECTED}>
                        {band}
                      </SolidBadge>
                    </Stack>
                  )}
                </Table.Td>
                <Table.Td style={ONE_LINE}>{gateway ? '-' : withUnit(asset.max_lsnr, 'dB')}</Table.Td>
                <Table.Td style={ONE_LINE}>{asset.spread_factor ?? '-'}</Table.Td>
                <Table.Td style={ONE_LINE}>{gateway ? '-' : withUnit(asset.payload_size, 'bytes')}</Table.Td>
                <Table.Td style={ONE_LINE}>{asset.ngateways_connected_to ?? '-'}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {!loading && assets.length === 0 && <EmptyState>There is no results for selected filters</EmptyState>}
    </Table.ScrollContainer>
  );
}
