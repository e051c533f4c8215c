import {
  Accordion,
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Menu,
  Progress,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { QuickRange } from '../../../lib/date-range';
import { formatDateTime } from '../../../lib/format';
import type { WhatIfTry } from '../hooks/useWhatIf';
import { WHAT_IF_TEXTS } from '../streams/what-if-run';
import type { WhatIfAlertSummary, WhatIfResult } from '../types/what-if';

export const TRY_ON_RANGES: ReadonlyArray<{ range: QuickRange; label: string }> = [
  { range: 'DAY', label: 'Try on the last day' },
  { range: 'WEEK', label: 'Try on the last week' },
  { range: 'MONTH', label: 'Try on the last month' },
];

const RANGE_LABELS: Record<QuickRange, string> = {
  DAY: 'the last day',
  WEEK: 'the last week',
  MONTH: 'the last month',
};

const COUNT_COLUMNS = ['ALERT TYPE', 'ADDED', 'GONE', 'UNCHANGED'] as const;
const ALERT_COLUMNS = ['DATE', 'ALERT TYPE', 'DevEUI', 'GATEWAY'] as const;

/** "Try on": runs the policy as shown over the stored packets of the last day, week or month. */
export function TryOnMenu({ onPick, disabled }: { onPick: (range: QuickRange) => void; disabled: boolean }) {
  return (
    <Menu position="top-start" withinPortal>
      <Menu.Target>
        <Button variant="default" disabled={disabled} data-testid="try-on-menu">
          Try on
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {TRY_ON_RANGES.map(({ range, label }) => (
          <Menu.Item key={range} onClick={() => onPick(range)}>
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

const packetsText = (read: number, total: number) =>
  `${read.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} packets`;

/** The progress of a try, then how the alerts of that range would differ with this policy. */
export function WhatIfPanel({
  attempt,
  alertTypeNames,
  stale,
  onCancel,
}: {
  attempt: WhatIfTry;
  /** Alert type names by code, as the policy items name them. */
  alertTypeNames: ReadonlyMap<string, string>;
  /** The items have been changed since this try started. */
  stale: boolean;
  onCancel: () => void;
}) {
  const { run } = attempt;
  const title = `Try on ${RANGE_LABELS[attempt.range]}`;
  const ref = useRef<HTMLElement>(null);
  const starting = run.status === 'starting';
  // The panel sits below the items: bring it into view when a try starts.
  useEffect(() => {
    if (starting) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [starting]);

  return (
    <Card withBorder padding="md" component="section" aria-label={title} data-testid="what-if" ref={ref}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{title}</Text>
          {(run.status === 'starting' || run.status === 'running') && (
            <Button size="xs" variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
        </Group>
        {run.status === 'starting' && (
          <Group gap="xs">
            <Loader size="xs" aria-label="Starting" />
            <Text size="sm">Reading the stored packets...</Text>
          </Group>
        )}
        {run.status === 'running' && (
          <Stack gap={4}>
            <Progress
              value={
                run.progress.packets_total > 0
                  ? (100 * run.progress.packets_read) / run.progress.packets_total
                  : 0
              }
              aria-label="Packets read"
            />
            <Text size="sm" data-testid="what-if-progress">
              {packetsText(run.progress.packets_read, run.progress.packets_total)}
            </Text>
          </Stack>
        )}
        {run.status === 'failed' && (
          <Alert color="red" variant="light" role="alert">
            {run.message}
          </Alert>
        )}
        {run.status === 'cancelled' && (
          <Text size="sm" c="dimmed">
            {WHAT_IF_TEXTS.cancelled}
          </Text>
        )}
        {run.status === 'done' && (
          <>
            {stale && (
              <Text size="sm" c="orange">
                The policy has changed since this try. Try again to see the changes.
              </Text>
            )}
            <Comparison result={run.result} alertTypeNames={alertTypeNames} />
          </>
        )}
      </Stack>
    </Card>
  );
}

function Comparison({
  result,
  alertTypeNames,
}: {
  result: WhatIfResult;
  alertTypeNames: ReadonlyMap<string, string>;
}) {
  const nameOf = (code: string) => alertTypeNames.get(code) ?? code;
  const added = result.by_code.reduce((sum, counts) => sum + counts.added, 0);
  const gone = result.by_code.reduce((sum, counts) => sum + counts.gone, 0);
  const rows = result.by_code.filter((counts) => counts.added + counts.gone + counts.unchanged > 0);

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {result.packets.toLocaleString('en-US')} packets from {formatDateTime(result.from)} to{' '}
        {formatDateTime(result.to)}, compared with the alerts raised.
      </Text>
      {added === 0 && gone === 0 ? (
        <Text size="sm" data-testid="what-if-no-change">
          {WHAT_IF_TEXTS.noChange}
          {result.unchanged > 0 &&
            ` ${result.unchanged === 1 ? '1 alert would be' : `${result.unchanged.toLocaleString('en-US')} alerts would be`} raised as before.`}
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={420}>
            <Table striped data-testid="what-if-by-code">
              <Table.Thead>
                <Table.Tr>
                  {COUNT_COLUMNS.map((column) => (
                    <Table.Th key={column}>{column}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((counts) => (
                  <Table.Tr key={counts.code} data-code={counts.code}>
                    <Table.Td>{nameOf(counts.code)}</Table.Td>
                    <Table.Td>{counts.added}</Table.Td>
                    <Table.Td>{counts.gone}</Table.Td>
                    <Table.Td>{counts.unchanged}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Accordion multiple variant="separated">
            {added > 0 && (
              <AlertList
                value="added"
                title={`Alerts this policy would add (${added})`}
                alerts={result.added}
                total={added}
                nameOf={nameOf}
              />
            )}
            {gone > 0 && (
              <AlertList
                value="gone"
                title={`Alerts this policy would not raise (${gone})`}
                alerts={result.gone}
                total={gone}
                nameOf={nameOf}
              />
            )}
          </Accordion>
        </>
      )}
    </Stack>
  );
}

function AlertList({
  value,
  title,
  alerts,
  total,
  nameOf,
}: {
  value: string;
  title: string;
  alerts: WhatIfAlertSummary[];
  total: number;
  nameOf: (code: string) => string;
}) {
  return (
    <Accordion.Item value={value}>
      <Accordion.Control>{title}</Accordion.Control>
      <Accordion.Panel>
        <Table.ScrollContainer minWidth={520}>
          <Table striped data-testid={`what-if-${value}`}>
            <Table.Thead>
              <Table.Tr>
                {ALERT_COLUMNS.map((column) => (
                  <Table.Th key={column}>{column}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {alerts.map((alert) => (
                <Table.Tr key={alert.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(alert.created_at)}</Table.Td>
                  <Table.Td>{nameOf(alert.code)}</Table.Td>
                  <Table.Td>{alert.dev_eui?.toUpperCase() ?? ''}</Table.Td>
                  <Table.Td>{alert.gateway?.toUpperCase() ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {total > alerts.length && (
          <Text size="xs" c="dimmed" mt="xs">
            The first {alerts.length} of {total} are listed.
          </Text>
        )}
      </Accordion.Panel>
    </Accordion.Item>
  );
}
