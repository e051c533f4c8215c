import { ActionIcon, Box, Group, NativeSelect, SegmentedControl, Text, Tooltip } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBox } from '../../../components/ErrorBox';
import { RISK_COLORS } from '../../../components/RiskBadge';
import { formatDateTime } from '../../../lib/format';
import type { Loadable } from '../streams/loadable';
import type { AssetAlert } from '../types/asset-360';
import { TIMELINE_HEIGHTS, TIMELINE_QUANTITIES, type TimelineQuantity } from '../types/asset-view-constants';
import {
  TIMELINE_LANES,
  canZoomIn,
  canZoomOut,
  initialWindow,
  panWindow,
  tickLabel,
  timelineEvents,
  timelineTicks,
  zoomWindow,
  type TimeWindow,
} from '../utils/timeline';
import { Panel } from './Panel';

const LANE_LABEL_WIDTH = 70;
const AXIS_HEIGHT = 28;
const FALLBACK_WIDTH = 800;

const quantityLabel = (quantity: TimelineQuantity) => (quantity === null ? 'all' : String(quantity));

export interface AlertsTimelineProps {
  state: Loadable<AssetAlert[]>;
  quantity: TimelineQuantity;
  onQuantityChange: (quantity: TimelineQuantity) => void;
  onOpenAlert: (alert: AssetAlert) => void;
  /** A change (new range, new quantity) drops the user's zoom and fits the alerts again. */
  resetKey: string;
}

/** The latest alerts on a time axis, one lane per risk; zoom between 1 hour and 30 days, pan, two heights. */
export function AlertsTimeline({
  state,
  quantity,
  onQuantityChange,
  onOpenAlert,
  resetKey,
}: AlertsTimelineProps) {
  const [height, setHeight] = useState<number>(TIMELINE_HEIGHTS[0]);
  const events = useMemo(() => timelineEvents(state.data ?? []), [state.data]);
  // The window follows the data until the user zooms or pans; then it stays where they put it.
  const [chosenWindow, setChosenWindow] = useState<TimeWindow | null>(null);
  const [seenResetKey, setSeenResetKey] = useState(resetKey);
  if (seenResetKey !== resetKey) {
    setSeenResetKey(resetKey);
    setChosenWindow(null);
  }
  const window = chosenWindow ?? initialWindow(events, Date.now());
  const { ref, width: measured } = useElementSize();
  const width = measured > 0 ? measured : FALLBACK_WIDTH;
  const plotWidth = Math.max(width - LANE_LABEL_WIDTH - 12, 50);
  const laneHeight = (height - AXIS_HEIGHT) / TIMELINE_LANES.length;
  const x = (time: number) =>
    LANE_LABEL_WIDTH + ((time - window.start) / (window.end - window.start)) * plotWidth;
  const visible = events.filter((event) => event.time >= window.start && event.time <= window.end);

  const controls = (
    <>
      <NativeSelect
        label="Alerts"
        size="xs"
        w={90}
        value={quantityLabel(quantity)}
        data={TIMELINE_QUANTITIES.map(quantityLabel)}
        onChange={(event) => {
          const picked = event.currentTarget.value;
          onQuantityChange(picked === 'all' ? null : (Number(picked) as TimelineQuantity));
        }}
      />
      <SegmentedControl
        size="xs"
        aria-label="Timeline height"
        value={String(height)}
        onChange={(value) => setHeight(Number(value))}
        data={TIMELINE_HEIGHTS.map((option) => ({
          value: String(option),
          label: option === 250 ? 'S' : 'L',
        }))}
        mt="lg"
      />
    </>
  );

  let body;
  if (state.status === 'error' && !state.data) body = <ErrorBox />;
  else if (state.status === 'loading' && !state.data) body = <Box h={height} />;
  else if (events.length === 0) body = <EmptyState>There are no alerts to show.</EmptyState>;
  else {
    body = (
      <Box data-testid="alerts-timeline">
        <Group gap={4} justify="flex-end" mb={4}>
          <Text size="xs" c="dimmed" mr="auto">
            {visible.length} of {events.length} alerts in view
          </Text>
          <Tooltip label="Earlier">
            <ActionIcon
              variant="default"
              size="sm"
              aria-label="Earlier"
              onClick={() => setChosenWindow(panWindow(window, -0.5))}
            >
              ‹
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Zoom in">
            <ActionIcon
              variant="default"
              size="sm"
              aria-label="Zoom in"
              disabled={!canZoomIn(window)}
              onClick={() => setChosenWindow(zoomWindow(window, 0.5))}
            >
              +
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Zoom out">
            <ActionIcon
              variant="default"
              size="sm"
              aria-label="Zoom out"
              disabled={!canZoomOut(window)}
              onClick={() => setChosenWindow(zoomWindow(window, 2))}
            >
              −
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Later">
            <ActionIcon
              variant="default"
              size="sm"
              aria-label="Later"
              onClick={() => setChosenWindow(panWindow(window, 0.5))}
            >
              ›
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Show all">
            <ActionIcon
              variant="default"
              size="sm"
              aria-label="Fit to alerts"
              onClick={() => setChosenWindow(null)}
            >
              ⤢
            </ActionIcon>
          </Tooltip>
        </Group>
        <svg
          width="100%"
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          role="group"
          aria-label="Alerts timeline"
        >
          {TIMELINE_LANES.map((risk, lane) => (
            <g key={risk}>
              <line
                x1={LANE_LABEL_WIDTH}
                x2={LANE_LABEL_WIDTH + plotWidth}
                y1={lane * laneHeight + laneHeight / 2}
                y2={lane * laneHeight + laneHeight / 2}
                stroke="var(--mantine-color-default-border)"
                strokeDasharray="3 3"
              />
              <text
                x={4}
                y={lane * laneHeight + laneHeight / 2 + 4}
                fontSize={11}
                fill="var(--mantine-color-dimmed)"
              >
                {risk}
              </text>
            </g>
          ))}
          {timelineTicks(window, Math.max(2, Math.floor(plotWidth / 110))).map((tick) => (
            <g key={tick}>
              <line
                x1={x(tick)}
                x2={x(tick)}
                y1={0}
                y2={height - AXIS_HEIGHT}
                stroke="var(--mantine-color-default-border)"
              />
              <text
                x={x(tick)}
                y={height - 10}
                fontSize={11}
                textAnchor="middle"
                fill="var(--mantine-color-dimmed)"
              >
                {tickLabel(tick, window)}
              </text>
            </g>
          ))}
          {visible.map((event) => {
            const lane = TIMELINE_LANES.indexOf(event.risk);
            const name = event.alert.type?.name ?? 'Alert';
            const label = `${name}, ${event.risk}, ${formatDateTime(event.alert.created_at)}`;
            return (
              <circle
                key={event.alert.id}
                data-testid="timeline-alert"
                cx={x(event.time)}
                cy={lane * laneHeight + laneHeight / 2}
                r={7}
                fill={RISK_COLORS[event.risk]}
                fillOpacity={event.alert.resolved_at ? 0.45 : 0.9}
                stroke="var(--mantine-color-body)"
                strokeWidth={1.5}
                role="button"
                tabIndex={0}
                aria-label={label}
                style={{ cursor: 'pointer' }}
                onClick={() => onOpenAlert(event.alert)}
                onKeyDown={(keyEvent) => {
                  if (keyEvent.key === 'Enter' || keyEvent.key === ' ') {
                    keyEvent.preventDefault();
                    onOpenAlert(event.alert);
                  }
                }}
              >
                <title>{label}</title>
              </circle>
            );
          })}
        </svg>
      </Box>
    );
  }

  return (
    <Panel title="ALERTS TIMELINE" actions={controls} testId="alerts-timeline-panel">
      {/*
        Measured from the first render on: the size hook observes the element it finds when the panel mounts, so
        an element that appears only once the alerts arrive would never be measured (and the axis text would be
        drawn for a made-up width, then scaled).
      */}
      <Box ref={ref}>{body}</Box>
    </Panel>
  );
}
