import { MultiSelect, RangeSlider, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { PieChartCard } from '../../../components/charts/PieChartCard';
import type { ChartDatum } from '../../../components/charts/chart-data';
import type { UsageCounts } from '../streams/network-streams';
import {
  FULL_LOSS,
  FULL_SIGNAL,
  SIGNAL_MAX,
  SIGNAL_MIN,
  type DataSourceOption,
  type NetworkFilters,
  type Range,
} from '../types/network';
import { SIGNAL_BAND_COLORS, bandRange, signalLabel } from '../utils/signal';

/** Status chart (docs/console.md §9): the first slice green, the others red. */
const STATUS_COLORS = ['#27c24c', '#f05050'];

type SignalId = { min_signal_strength: number; max_signal_strength: number };
type LossId = { min_packet_loss: number; max_packet_loss: number };

const rangeKey = ([from, to]: Range) => `${from}:${to}`;
const lossRange = (id: LossId): Range => [id.min_packet_loss, Math.min(100, id.max_packet_loss)];

/** A slider that reports its range when the user lets go, so dragging does not reload at every step. */
function RangeFilter({
  label,
  value,
  onChange,
  ...props
}: {
  label: string;
  value: Range;
  onChange: (value: Range) => void;
  min: number;
  max: number;
  step: number;
  format: (value: number) => string;
  testId: string;
}) {
  const [local, setLocal] = useState<Range>(value);
  useEffect(() => setLocal(value), [value]);
  return (
    <Stack gap={4} data-testid={props.testId}>
      <Text size="xs" c="dimmed" id={`${props.testId}-label`}>
        {label}: {props.format(local[0])} – {props.format(local[1])}
      </Text>
      <RangeSlider
        aria-labelledby={`${props.testId}-label`}
        min={props.min}
        max={props.max}
        step={props.step}
        minRange={props.step}
        pushOnOverlap={false}
        value={local}
        onChange={setLocal}
        onChangeEnd={onChange}
        label={props.format}
        thumbFromLabel={`${label} from`}
        thumbToLabel={`${label} to`}
        mx="xs"
      />
    </Stack>
  );
}

export interface NetworkFilterPanelProps {
  counts: UsageCounts;
  filters: NetworkFilters;
  dataSources: DataSourceOption[];
  onChange: (filters: NetworkFilters) => void;
}

export function NetworkFilterPanel({ counts, filters, dataSources, onChange }: NetworkFilterPanelProps) {
  const status: ChartDatum[] = counts.status.data.groups.map((group, index) => ({
    id: String(group.id),
    label: group.name,
    value: group.count,
    color: STATUS_COLORS[Math.min(index, 1)],
  }));
  const gateways: ChartDatum[] = counts.gateway.data.groups.map((group) => ({
    id: String(group.id),
    label: group.name.toUpperCase(),
    value: group.count,
  }));
  const loss: ChartDatum[] = counts.loss.data.groups.map((group) => ({
    id: rangeKey(lossRange(group.id as LossId)),
    label: group.name,
    value: group.count,
  }));
  const signal: ChartDatum[] = counts.signal.data.groups.map((group) => ({
    id: rangeKey(bandRange(group.id as SignalId)),
    label: group.name,
    value: group.count,
    color: SIGNAL_BAND_COLORS[group.name],
  }));
  const chartState = (key: keyof UsageCounts) => ({
    loading: counts[key].status === 'loading' && counts[key].data.groups.length === 0,
    error: counts[key].status === 'error',
  });
  const empty = 'There is no results for selected filters';
  const parseRange = (id: string): Range => id.split(':').map(Number) as Range;

  return (
    <Stack gap="md" data-testid="network-filters">
      <SimpleGrid cols={{ base: 1, md: 2, xl: 4 }} spacing="md">
        <PieChartCard
          title="BY STATUS"
          testId="chart-status"
          data={status}
          empty={empty}
          height={160}
          {...chartState('status')}
          selected={filters.status ? [filters.status] : []}
          onSelect={(id) =>
            onChange({ ...filters, status: filters.status === id ? null : (id as NetworkFilters['status']) })
          }
        />
        <PieChartCard
          title="BY GATEWAYS"
          testId="chart-gateways"
          data={gateways}
          empty={empty}
          height={160}
          {...chartState('gateway')}
          selected={filters.gateways.map((gateway) => gateway.id)}
          onSelect={(id) => {
            const picked = filters.gateways.some((gateway) => gateway.id === id);
            const label = gateways.find((datum) => datum.id === id)?.label ?? id;
            onChange({
              ...filters,
              gateways: picked
                ? filters.gateways.filter((gateway) => gateway.id !== id)
                : [...filters.gateways, { id, label }],
            });
          }}
        />
        <Stack gap="xs">
          <PieChartCard
            title="BY MESSAGES LOST"
            testId="chart-loss"
            data={loss}
            empty={empty}
            height={160}
            {...chartState('loss')}
            selected={[rangeKey(filters.packetLoss)]}
            onSelect={(id) =>
              onChange({
                ...filters,
                packetLoss: id === rangeKey(filters.packetLoss) ? FULL_LOSS : parseRange(id),
              })
            }
          />
          <RangeFilter
            label="Messages lost"
            testId="loss-slider"
            min={0}
            max={100}
            step={10}
            format={(value) => `${value}%`}
            value={filters.packetLoss}
            onChange={(packetLoss) => onChange({ ...filters, packetLoss })}
          />
        </Stack>
        <Stack gap="xs">
          <PieChartCard
            title="BY SIGNAL STRENGTH (RSSI)"
            testId="chart-signal"
            data={signal}
            empty={empty}
            height={160}
            {...chartState('signal')}
            selected={[rangeKey(filters.signal)]}
            onSelect={(id) =>
              onChange({ ...filters, signal: id === rangeKey(filters.signal) ? FULL_SIGNAL : parseRange(id) })
            }
          />
          <RangeFilter
            label="Signal strength (dBm)"
            testId="signal-slider"
            min={SIGNAL_MIN}
            max={SIGNAL_MAX}
            step={5}
            format={signalLabel}
            value={filters.signal}
            onChange={(range) => onChange({ ...filters, signal: range })}
          />
        </Stack>
      </SimpleGrid>
      <MultiSelect
        label="Data sources"
        placeholder={filters.dataCollectorIds.length === 0 ? 'All data sources' : undefined}
        data={dataSources.map((source) => ({ value: String(source.id), label: source.name }))}
        value={filters.dataCollectorIds}
        onChange={(dataCollectorIds) => onChange({ ...filters, dataCollectorIds })}
        clearable
        maw={520}
      />
    </Stack>
  );
}
