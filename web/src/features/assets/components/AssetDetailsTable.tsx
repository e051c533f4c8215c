import { Badge, Group, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ImportanceBadge } from '../../../components/ImportanceBadge';
import type { Asset360 } from '../types/asset-360';
import { Panel } from './Panel';

const dash = (value: string | null | undefined) => (value ? value : '-');

/** Name, status, vendor, application and join EUI (devices), data source, importance and labels. */
export function AssetDetailsTable({ asset }: { asset: Asset360 }) {
  const rows: Array<[string, ReactNode]> = [
    ['Name', dash(asset.name)],
    [
      'Status',
      <Text key="status" size="sm" c={asset.connected ? 'green' : 'red'} fw={500}>
        {asset.connected ? 'Connected' : 'Disconnected'}
      </Text>,
    ],
    ['Vendor', dash(asset.vendor)],
  ];
  if (asset.type === 'device') {
    rows.push(['Application', dash(asset.app_name)]);
    rows.push(['Join EUI/App EUI', dash(asset.join_eui?.toUpperCase())]);
  }
  rows.push(['Data source', dash(asset.data_collector)]);
  rows.push(['Importance', asset.importance ? <ImportanceBadge importance={asset.importance} /> : '-']);
  rows.push([
    'Labels',
    asset.tags.length === 0 ? (
      <Text size="sm" c="dimmed">
        No tags to show
      </Text>
    ) : (
      <Group gap={4}>
        {asset.tags.map((tag) => (
          <Badge key={tag.id} color={tag.color} autoContrast variant="filled" radius="sm">
            {tag.name}
          </Badge>
        ))}
      </Group>
    ),
  ]);
  return (
    <Panel title="DETAILS" testId="asset-details">
      <Table withRowBorders verticalSpacing={6}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" w="40%">
                {label}
              </Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Panel>
  );
}
