import { Anchor, Box, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ErrorBox } from '../../../components/ErrorBox';
import { formatDateTime } from '../../../lib/format';
import type { Loadable } from '../streams/loadable';
import type { Asset360, ResourceUsage } from '../types/asset-360';
import { formatCounter, formatFrequency, formatMeasure } from '../utils/network-format';
import { signalStrength } from '../../../lib/signal';
import { SignalStrengthIcon } from './AssetIcons';
import { Panel } from './Panel';

function Figure({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={0} data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Box fz="sm">{children}</Box>
    </Stack>
  );
}

const BAND_COLORS: Record<string, string> = {
  EXCELLENT: 'green',
  GREAT: 'green',
  OKAY: 'yellow',
  WEAK: 'orange',
  UNUSABLE: 'red',
  DISCONNECTED: 'gray',
};

/** Traffic of the asset: last message, frequency, and for devices signal, payload, gateways and 24-hour counts. */
export function NetworkOverviewBlock({
  asset,
  usage,
  gateways,
}: {
  asset: Asset360;
  usage: Loadable<ResourceUsage>;
  gateways: Loadable<ResourceUsage[]>;
}) {
  const figures = usage.data;
  const lastMessage =
    figures?.last_activity !== null && figures?.last_activity !== undefined
      ? formatDateTime(new Date(figures.last_activity * 1000))
      : formatDateTime(asset.last_activity) || '-';
  const band = signalStrength(figures?.max_rssi ?? asset.max_rssi);
  const rssi = figures?.max_rssi ?? asset.max_rssi;
  const gatewayList = gateways.data ?? [];

  return (
    <Panel title="NETWORK OVERVIEW" testId="asset-network">
      {usage.status === 'error' && !figures && <ErrorBox />}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
        <Figure label="Last message received" testId="last-message">
          {lastMessage}
        </Figure>
        <Figure label="Message frequency" testId="message-frequency">
          {formatFrequency(figures?.activity_freq ?? asset.activity_freq)}
        </Figure>
        {asset.type === 'device' && (
          <>
            <Figure label="RSSI" testId="rssi">
              <Group gap={6} wrap="nowrap" c={BAND_COLORS[band.name]}>
                <SignalStrengthIcon bars={band.bars} label={`Signal ${band.name}`} />
                <Text size="sm" c="var(--mantine-color-text)">
                  {formatMeasure(rssi, 'dBm')}
                </Text>
              </Group>
            </Figure>
            <Figure label="SNR" testId="snr">
              {formatMeasure(figures?.max_lsnr ?? asset.max_lsnr, 'dB')}
            </Figure>
            <Figure label="Payload size" testId="payload-size">
              {formatMeasure(figures?.payload_size, 'bytes')}
            </Figure>
            <Figure label="Connected gateways" testId="connected-gateways">
              <Text size="sm">{figures?.ngateways_connected_to ?? gatewayList.length}</Text>
              {gatewayList.length > 0 && (
                <Stack gap={0}>
                  {gatewayList.map((gateway) => (
                    <Anchor
                      key={gateway.id}
                      component={Link}
                      to={`/dashboard/assets/gateway/${gateway.id}/view`}
                      size="xs"
                      ff="monospace"
                    >
                      {gateway.hex_id.toUpperCase()}
                    </Anchor>
                  ))}
                </Stack>
              )}
            </Figure>
          </>
        )}
      </SimpleGrid>
      <Figure label="Messages in the last 24 hours" testId="messages-24h">
        <Group gap="lg">
          <Text size="sm">Up: {formatCounter(figures?.packets_up)}</Text>
          <Text size="sm">Down: {formatCounter(figures?.packets_down)}</Text>
          {asset.type === 'device' && <Text size="sm">Lost: {formatCounter(figures?.packets_lost)}</Text>}
        </Group>
      </Figure>
    </Panel>
  );
}
