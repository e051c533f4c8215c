import { Anchor, Badge, Group, Loader, Modal, SimpleGrid, Stack, Title } from '@mantine/core';
import { ErrorBox } from '../../../components/ErrorBox';
import { LabelValueTable } from '../../../components/LabelValueTable';
import { useUsageDetail } from '../hooks/useUsageDetail';
import type { PacketCounter, UsageAsset } from '../types/network';
import { formatUnixDateTime } from '../../../lib/format';
import { frequency, percent, withUnit } from '../utils/format';
import { detailedSignalBand } from '../utils/signal';
import { SignalGraph } from './SignalGraph';
import { isGateway } from './NetworkTable';

function counter(value: PacketCounter | null | undefined): string {
  if (!value) return '-';
  return `${value.total} (${percent(value.percentage)})`;
}

function UsageDetail({ asset }: { asset: UsageAsset }) {
  const gateway = isGateway(asset);
  const detail = useUsageDetail(gateway ? 'gateway' : 'device', asset.id);
  const current = detail.data ?? asset;
  const summary: [string, string][] = [
    ['Type', current.type],
    [gateway ? 'Gateway EUI' : 'DevEUI', current.hex_id.toUpperCase()],
    ...(gateway ? [] : ([['Device address', current.dev_addr?.toUpperCase() ?? '-']] as [string, string][])),
    ['Name', current.name ?? '-'],
    ['Data source', current.data_collector ?? '-'],
    ['Status', current.connected ? 'transmitting' : 'not transmitting'],
    ['Last message', formatUnixDateTime(current.last_activity) || '-'],
    ['Message frequency', frequency(current.activity_freq)],
  ];
  const statistics: [string, string][] = [
    ['Messages up', counter(current.packets_up)],
    ['Messages down', counter(current.packets_down)],
  ];
  if (!gateway) {
    statistics.push(
      ['Messages lost', counter(current.packets_lost)],
      ['Retransmissions', String(current.retransmissions ?? '-')],
      ['Join requests', String(current.join_requests ?? '-')],
      ['Failed join requests', String(current.failed_join_requests ?? '-')],
      [
        'RSSI',
        current.max_rssi === null
          ? '-'
          : `${withUnit(current.max_rssi, 'dBm')} (${detailedSignalBand(current.max_rssi)})`,
      ],
      ['SNR', withUnit(current.max_lsnr, 'dB')],
      ['Spreading factor', String(current.spread_factor ?? '-')],
      ['Payload size', withUnit(current.payload_size, 'bytes')],
      ['Gateways', String(current.ngateways_connected_to ?? '-')],
    );
  }
  const type = gateway ? 'gateway' : 'device';
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Badge color={current.connected ? 'green' : 'red'} variant="dot" tt="none">
          {current.connected ? 'transmitting' : 'not transmitting'}
        </Badge>
        <Anchor href={`/dashboard/assets/${type}/${asset.id}/view`} target="_blank" rel="noopener" fw={600}>
          360° VIEW
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Stack gap="xs">
          <Title order={3} size="h6">
            SUMMARY
          </Title>
          <LabelValueTable rows={summary} testId="usage-summary" labelWidth="50%" />
        </Stack>
        <Stack gap="xs">
          <Title order={3} size="h6">
            LAST 24 HOURS
          </Title>
          <LabelValueTable rows={statistics} testId="usage-statistics" labelWidth="50%" />
        </Stack>
      </SimpleGrid>
      {!gateway && (
        <Stack gap="xs">
          <Title order={3} size="h6">
            SIGNAL
          </Title>
          {detail.status === 'error' ? (
            <ErrorBox />
          ) : detail.data === null ? (
            <Loader size="sm" aria-label="Loading packets" />
          ) : (
            <SignalGraph packets={detail.data.last_packets_list ?? []} />
          )}
        </Stack>
      )}
    </Stack>
  );
}

export function UsageDetailModal({ asset, onClose }: { asset: UsageAsset | null; onClose: () => void }) {
  return (
    <Modal
      opened={asset !== null}
      onClose={onClose}
      size="xl"
      title={asset ? `${asset.type} ${asset.hex_id.toUpperCase()}` : ''}
    >
      {asset && <UsageDetail key={`${asset.type}:${asset.id}`} asset={asset} />}
    </Modal>
  );
}
