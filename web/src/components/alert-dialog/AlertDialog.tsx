import {
  Anchor,
  Box,
  Button,
  Divider,
  Group,
  LoadingOverlay,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState, type ReactNode } from 'react';
import { formatDateTime } from '../../lib/format';
import { useSession } from '../../lib/services-context';
import { isAdmin } from '../../lib/session';
import type { Alert, AlertType } from '../../lib/alerts/alert';
import {
  deviceIdentity,
  deviceName,
  fillMessage,
  formatParameterValue,
  gatewayIdentity,
} from '../../lib/alerts/alert-display';
import { EventHistory } from '../history/EventHistory';
import { ImportanceBadge } from '../ImportanceBadge';
import { RiskBadge } from '../RiskBadge';
import { packetDownloadHref, packetFileName, packetOf, packetRows, type PacketData } from './packet';
import { useArrowKeys } from './use-arrow-keys';

export interface AlertDialogNavigation {
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious(): void;
  onNext(): void;
}

export interface AlertDialogProps {
  opened: boolean;
  onClose(): void;
  alert: Alert | null;
  /** From `GET alert_types`; null while unknown (the dialog then names the alert by its code). */
  alertType: AlertType | null;
  /** Previous/next buttons; absent = hidden. */
  navigation?: AlertDialogNavigation;
  /** Footer actions (resolve, quarantine removal, Go to Alerts). */
  actions?: ReactNode;
  /** Extra lines under the header (an issue's since / last check). */
  children?: ReactNode;
  loading?: boolean;
}

/** Types whose parameters carry the whole story: the dialog shows no description for them (docs/console.md §8). */
const WITHOUT_DESCRIPTION = new Set(['LAF-402', 'LAF-403']);

export const NO_TECHNICAL_DETAILS =
  'Oops, there is no technical details to show. This must be an error, please contact support.';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4} component="section" aria-label={title}>
      <Title order={3} size="h6" c="dimmed" tt="uppercase">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" fw={500} miw={110}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ wordBreak: 'break-all' }}>
        {children}
      </Text>
    </Group>
  );
}

/** An asset's name (or hex id) opening its 360 view in a new tab when the alert names the asset's id. */
function AssetLink({ type, id, label }: { type: 'device' | 'gateway'; id: number | null; label: string }) {
  if (!label) return <>—</>;
  if (id === null) return <>{label}</>;
  return (
    <Anchor href={`/dashboard/assets/${type}/${id}/view`} target="_blank" rel="noopener noreferrer">
      {label}
    </Anchor>
  );
}

function PacketSection({ title, packet }: { title: string; packet: PacketData }) {
  return (
    <Section title={title}>
      <Table withRowBorders={false} verticalSpacing={2} layout="fixed">
        <Table.Tbody>
          {packetRows(packet).map(({ name, value }) => (
            <Table.Tr key={name}>
              <Table.Th scope="row" fw={500} w={110}>
                {name}
              </Table.Th>
              <Table.Td ff="monospace" style={{ wordBreak: 'break-all' }}>
                {value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group>
        <Button
          component="a"
          href={packetDownloadHref(packet)}
          download={packetFileName(packet)}
          variant="light"
          size="xs"
          aria-label={`Download ${title.toLowerCase()} as ${packetFileName(packet)}`}
        >
          Download
        </Button>
      </Group>
    </Section>
  );
}

function resolverName(resolvedBy: Alert['resolved_by']): string {
  if (!resolvedBy) return '';
  return typeof resolvedBy === 'string' ? resolvedBy : resolvedBy.full_name || resolvedBy.username;
}

function AlertDetails({ alert, alertType }: { alert: Alert; alertType: AlertType | null }) {
  const packet = packetOf(alert, 'packet_data');
  const previousPacket = packetOf(alert, 'prev_packet_data');
  const device = deviceIdentity(alert);
  const gateway = gatewayIdentity(alert);
  const parameters = alert.parameters ?? {};
  return (
    <Stack gap="md">
      {alertType && (
        <Section title="Message">
          <Text size="sm" data-testid="alert-dialog-message">
            {fillMessage(alertType.message, alert.parameters)}
          </Text>
        </Section>
      )}
      {alertType?.description && !WITHOUT_DESCRIPTION.has(alert.type) && (
        <Section title="Description">
          <Text size="sm">{alertType.description}</Text>
        </Section>
      )}
      {alertType?.recommendedAction && (
        <Section title="Recommended action">
          <Text size="sm">{alertType.recommendedAction}</Text>
        </Section>
      )}
      <Section title="Technical description">
        <Text size="sm">{alertType?.technicalDescription || NO_TECHNICAL_DETAILS}</Text>
      </Section>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Section title="Device">
          <Field label="Name">
            <AssetLink type="device" id={alert.device_id} label={deviceName(alert) || device} />
          </Field>
          <Field label="DevEUI">{formatParameterValue('dev_eui', parameters.dev_eui) || '—'}</Field>
          <Field label="DevAddr">{formatParameterValue('dev_addr', parameters.dev_addr) || '—'}</Field>
          <Field label="Importance">
            {alert.asset_importance ? <ImportanceBadge importance={alert.asset_importance} /> : '—'}
          </Field>
        </Section>
        <Section title="Gateway">
          <Field label="Name">
            <AssetLink
              type="gateway"
              id={alert.gateway_id}
              label={(typeof parameters.gw_name === 'string' && parameters.gw_name) || gateway}
            />
          </Field>
          <Field label="Gateway">{gateway || '—'}</Field>
          <Field label="Data source">{alert.data_collector_name || '—'}</Field>
        </Section>
      </SimpleGrid>

      {(packet || previousPacket) && (
        <SimpleGrid cols={{ base: 1, sm: previousPacket && packet ? 2 : 1 }} spacing="md">
          {packet && <PacketSection title="Packet data" packet={packet} />}
          {previousPacket && <PacketSection title="Previous packet data" packet={previousPacket} />}
        </SimpleGrid>
      )}

      {alert.resolved_at && (
        <Section title="Resolution">
          <Field label="Resolved at">{formatDateTime(alert.resolved_at)}</Field>
          <Field label="Resolved by">{resolverName(alert.resolved_by) || '—'}</Field>
          <Field label="Comment">{alert.resolution_comment || '—'}</Field>
        </Section>
      )}
    </Stack>
  );
}

type DialogTab = 'details' | 'history';

/**
 * The alert dialog shared by Current Issues, Alerts, the dashboard, the Asset 360 view, the events log and the
 * notifications (spec part 1, "Alert dialog"): the alert's type, risk, texts, assets, packets and resolution, with
 * optional previous/next navigation and footer actions. Administrators also get a History tab: the recorded events
 * of the alert (raised, its issue, resolved) and their export, as in the Asset 360 view; it stays chosen while
 * they step to the previous or next alert, and the dialog opens again on Details.
 */
export function AlertDialog({
  opened,
  onClose,
  alert,
  alertType,
  navigation,
  actions,
  children,
  loading = false,
}: AlertDialogProps) {
  const narrow = useMediaQuery('(max-width: 48em)');
  const title = alertType?.name ?? alert?.type ?? '';
  useArrowKeys(opened, navigation && !loading ? navigation : undefined);
  // The record of events is for administrators, as the API that serves it: others see no tabs.
  const withHistory = isAdmin(useSession());
  const [tab, setTab] = useState<DialogTab>('details');
  useEffect(() => {
    if (!opened) setTab('details');
  }, [opened]);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      fullScreen={narrow}
      title={<span data-testid="alert-dialog-title">{title}</span>}
      closeButtonProps={{ 'aria-label': 'Close alert dialog' }}
      data-testid="alert-dialog"
    >
      <Box pos="relative" mih={loading && !alert ? 160 : undefined}>
        <LoadingOverlay visible={loading} zIndex={3} overlayProps={{ blur: 1 }} />
        <Stack gap="md">
          {alert && (
            <Group gap="xs">
              <RiskBadge risk={alertType?.risk} />
              <Text size="sm" c="dimmed" component="span">
                {alert.type} · {formatDateTime(alert.created_at)}
              </Text>
            </Group>
          )}
          {children && <Stack gap={2}>{children}</Stack>}
          {alert &&
            (withHistory ? (
              <Tabs
                value={tab}
                onChange={(value) => setTab(value === 'history' ? 'history' : 'details')}
                keepMounted={false}
              >
                <Tabs.List mb="md">
                  <Tabs.Tab value="details">Details</Tabs.Tab>
                  <Tabs.Tab value="history">History</Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="details">
                  <AlertDetails alert={alert} alertType={alertType} />
                </Tabs.Panel>
                <Tabs.Panel value="history">
                  {/* Another alert, or this one resolved, is another history: read afresh from its first page. */}
                  <EventHistory
                    key={`${alert.id}/${alert.resolved_at ?? ''}`}
                    subject={{ alert_id: alert.id }}
                    fileStem={`alert-${alert.id}`}
                  />
                </Tabs.Panel>
              </Tabs>
            ) : (
              <AlertDetails alert={alert} alertType={alertType} />
            ))}
          {(navigation || actions) && (
            <>
              <Divider />
              <Group justify="space-between" gap="sm">
                {navigation ? (
                  <Group gap="xs">
                    <Button
                      variant="default"
                      size="xs"
                      onClick={navigation.onPrevious}
                      disabled={!navigation.hasPrevious || loading}
                    >
                      Previous
                    </Button>
                    <Button
                      variant="default"
                      size="xs"
                      onClick={navigation.onNext}
                      disabled={!navigation.hasNext || loading}
                    >
                      Next
                    </Button>
                  </Group>
                ) : (
                  <span />
                )}
                {actions && <Group gap="xs">{actions}</Group>}
              </Group>
            </>
          )}
        </Stack>
      </Box>
    </Modal>
  );
}
