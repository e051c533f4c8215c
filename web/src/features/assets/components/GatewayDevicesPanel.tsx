import { Anchor, Badge, Box, Group, MultiSelect, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBox } from '../../../components/ErrorBox';
import { ImportanceBadge } from '../../../components/ImportanceBadge';
import { useGatewayDevices } from '../hooks/useGatewayDevices';
import { Panel } from './Panel';
import { PanelPager } from './PanelPager';

/** The devices a gateway heard, 5 a page, with a label filter; each opens its own 360 view. */
export function GatewayDevicesPanel({ gatewayId }: { gatewayId: string }) {
  const { devices, tags, page, setPage, tagIds, setTagIds } = useGatewayDevices(gatewayId);
  const assets = devices.data?.assets ?? [];
  const tagOptions = (tags.data ?? []).map((tag) => ({
    value: String(tag.id),
    label: `${tag.name} (${tag.count})`,
  }));

  let body;
  if (devices.status === 'error' && !devices.data) body = <ErrorBox />;
  else if (devices.status === 'loading' && !devices.data) body = <Box mih={80} />;
  else if (assets.length === 0) body = <EmptyState>No devices found</EmptyState>;
  else {
    body = (
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing={6} data-testid="gateway-devices-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>DevEUI</Table.Th>
              <Table.Th>VENDOR</Table.Th>
              <Table.Th>IMPORTANCE</Table.Th>
              <Table.Th>LABELS</Table.Th>
              <Table.Th>STATE</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {assets.map((device) => (
              <Table.Tr key={device.id} data-testid="gateway-device-row">
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={`/dashboard/assets/device/${device.id}/view`}
                    size="sm"
                    ff="monospace"
                  >
                    {device.hex_id.toUpperCase()}
                  </Anchor>
                </Table.Td>
                <Table.Td>{device.vendor ?? '-'}</Table.Td>
                <Table.Td>
                  <ImportanceBadge importance={device.importance} />
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {device.tags.map((tag) => (
                      <Badge key={tag.id} color={tag.color} autoContrast size="sm">
                        {tag.name}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={device.connected ? 'green' : 'red'}>
                    {device.connected ? 'transmitting' : 'not transmitting'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  const totalPages = devices.data?.total_pages ?? 0;
  return (
    <Panel title="INVENTORY" testId="gateway-devices">
      <MultiSelect
        label="Filter by label"
        placeholder={tagOptions.length === 0 ? 'No tags to show' : 'Choose labels'}
        data={tagOptions}
        value={tagIds.map(String)}
        onChange={(values) => setTagIds(values.map(Number))}
        disabled={tagOptions.length === 0 && tagIds.length === 0}
        clearable
        maw={420}
        size="xs"
      />
      {body}
      {(devices.data?.total_items ?? 0) > 0 && (
        <PanelPager
          countText={devices.data?.total_items === 1 ? '1 device' : `${devices.data?.total_items} devices`}
          page={page}
          totalPages={totalPages}
          onPage={setPage}
          label="Associated devices pages"
        />
      )}
    </Panel>
  );
}
