import { Box, NativeSelect, Stack, Text } from '@mantine/core';
import { ResponsiveLine } from '@nivo/line';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import type { Packet } from '../types/network';
import { NIVO_THEME } from '../../../components/charts/nivo-theme';

/** Spec §9: last 10, 20 (default), 30, 50, 70, 100, 150 or 200 packets. */
export const PACKET_COUNTS = [10, 20, 30, 50, 70, 100, 150, 200] as const;
export const DEFAULT_PACKET_COUNT = 20;

/** The last packets of a device, oldest first: RSSI (dBm) and SNR (dB) per packet. */
export function SignalGraph({ packets }: { packets: readonly Packet[] }) {
  const [count, setCount] = useState<number>(DEFAULT_PACKET_COUNT);
  // Downlinks carry no reading: the graph follows the packets the gateways measured.
  const shown = packets.filter((packet) => packet.rssi !== null || packet.lsnr !== null).slice(-count);
  const series = [
    {
      id: 'RSSI (dBm)',
      data: shown.map((packet, index) => ({ x: index + 1, y: packet.rssi, date: packet.date })),
    },
    {
      id: 'SNR (dB)',
      data: shown.map((packet, index) => ({ x: index + 1, y: packet.lsnr, date: packet.date })),
    },
  ];
  return (
    <Stack gap="xs" data-testid="signal-graph">
      <NativeSelect
        label="Packets"
        size="xs"
        w={160}
        value={String(count)}
        onChange={(event) => setCount(Number(event.currentTarget.value))}
        data={PACKET_COUNTS.map((value) => ({ value: String(value), label: `Last ${value}` }))}
      />
      {shown.length === 0 ? (
        <Text c="dimmed" size="sm">
          There are no items to show.
        </Text>
      ) : (
        <Box
          h={260}
          role="img"
          aria-label={`Signal of the last ${shown.length} packets: RSSI from ${Math.min(
            ...shown.map((packet) => packet.rssi ?? 0),
          )} to ${Math.max(...shown.map((packet) => packet.rssi ?? -Infinity))} dBm`}
        >
          <ResponsiveLine
            data={series}
            theme={NIVO_THEME}
            margin={{ top: 10, right: 20, bottom: 60, left: 50 }}
            xScale={{ type: 'linear', min: 1, max: Math.max(2, shown.length) }}
            yScale={{ type: 'linear', min: 'auto', max: 'auto' }}
            colors={['#5d9cec', '#27c24c']}
            pointSize={5}
            axisBottom={{ legend: 'packet', legendOffset: 32, legendPosition: 'middle', tickValues: 5 }}
            axisLeft={{ tickValues: 6 }}
            useMesh
            tooltip={({ point }) => (
              <Box p={6} style={NIVO_THEME.tooltip.container}>
                <Text size="xs">
                  {point.seriesId}: {String(point.data.yFormatted)}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime((point.data as unknown as { date: string }).date)}
                </Text>
              </Box>
            )}
            legends={[
              {
                anchor: 'bottom',
                direction: 'row',
                translateY: 56,
                itemWidth: 110,
                itemHeight: 16,
                symbolSize: 10,
              },
            ]}
            animate={false}
          />
        </Box>
      )}
    </Stack>
  );
}
