import { Drawer, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ImportanceBadge } from '../../../components/ImportanceBadge';
import { RiskBadge } from '../../../components/RiskBadge';
import { formatDateTime } from '../../../lib/format';
import type { AlertRowModel } from '../hooks/useAlertsReview';
import {
  deviceIdentity,
  fillMessage,
  gatewayIdentity,
  listedParameters,
} from '../../../lib/alerts/alert-display';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h6" c="dimmed" tt="uppercase">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** A quick look at one alert; the full alert dialog (packets, resolution, navigation) comes later. */
export function AlertDetailDrawer({ row, onClose }: { row: AlertRowModel | null; onClose: () => void }) {
  const alert = row?.alert;
  const alertType = row?.alertType;
  return (
    <Drawer
      opened={row !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={<Text fw={600}>{alertType?.name ?? alert?.type ?? ''}</Text>}
      closeButtonProps={{ 'aria-label': 'Close alert details' }}
      data-testid="alert-detail"
    >
      {alert && (
        <Stack gap="md">
          <Group gap="xs">
            <RiskBadge risk={alertType?.risk} />
            <ImportanceBadge importance={alert.asset_importance} />
            <Text size="sm" c="dimmed">
              {alert.type} · {formatDateTime(alert.created_at)}
            </Text>
          </Group>
          {alertType && (
            <Section title="Message">
              <Text size="sm">{fillMessage(alertType.message, alert.parameters)}</Text>
            </Section>
          )}
          {alertType?.description && (
            <Section title="Description">
              <Text size="sm">{alertType.description}</Text>
            </Section>
          )}
          {alertType?.recommendedAction && (
            <Section title="Recommended action">
              <Text size="sm">{alertType.recommendedAction}</Text>
            </Section>
          )}
          <Section title="Assets">
            <Text size="sm">
              Device: {deviceIdentity(alert) || '—'} · Gateway: {gatewayIdentity(alert) || '—'} · Data source:{' '}
              {alert.data_collector_name ?? '—'}
            </Text>
          </Section>
          <Section title="Parameters">
            <Table withRowBorders={false} verticalSpacing={4}>
              <Table.Tbody>
                {listedParameters(alert).map(({ name, value }) => (
                  <Table.Tr key={name}>
                    <Table.Th scope="row" fw={500} w="40%">
                      {name}
                    </Table.Th>
                    <Table.Td ff="monospace">{value}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Section>
        </Stack>
      )}
    </Drawer>
  );
}
