import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Drawer,
  Group,
  Indicator,
  Loader,
  Menu,
  Paper,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications as toasts } from '@mantine/notifications';
import { useState } from 'react';
import { AlertDialog } from '../../../components/alert-dialog/AlertDialog';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBox } from '../../../components/ErrorBox';
import { Pager } from '../../../components/Pager';
import { RiskBadge } from '../../../components/RiskBadge';
import { formatCount, formatDateTime } from '../../../lib/format';
import { useNotificationsCenter, type NotificationsCenter } from '../hooks/useNotificationsCenter';
import type { MuteKind, NotificationMute } from '../api/notifications-api';
import type { NotificationItem } from '../types/notifications';

/** The lengths a mute can be picked with, in minutes. */
export const MUTE_CHOICES = [
  { minutes: 60, label: '1 hour' },
  { minutes: 8 * 60, label: '8 hours' },
  { minutes: 24 * 60, label: '1 day' },
] as const;

interface MuteTarget {
  kind: MuteKind;
  key: string;
  /** How the menu and the confirmation name it. */
  name: string;
  /** How the list of mutes names it: the type's, device's or gateway's own name. */
  label: string;
}

/** What each kind of mute is called in the list of mutes. */
export const MUTE_KIND_NAMES: Record<MuteKind, string> = {
  type: 'Alert type',
  device: 'Device',
  gateway: 'Gateway',
};

/** What a notification's alert can be muted by: its type, and its device or else its gateway. */
export function muteTargets(item: NotificationItem): MuteTarget[] {
  const targets: MuteTarget[] = [];
  const code = item.alertType?.code ?? item.alert?.type;
  if (code) {
    targets.push({ kind: 'type', key: code, name: 'this alert type', label: item.alertType?.name ?? code });
  }
  const parameters = item.alert?.parameters ?? {};
  if (item.alert?.device_id != null) {
    const key = String(item.alert.device_id);
    const label = parameters.dev_name || parameters.dev_eui?.toUpperCase() || key;
    targets.push({ kind: 'device', key, name: 'this device', label });
  } else if (item.alert?.gateway_id != null) {
    const key = String(item.alert.gateway_id);
    const label = parameters.gw_name || parameters.gateway?.toUpperCase() || key;
    targets.push({ kind: 'gateway', key, name: 'this gateway', label });
  }
  return targets;
}

/** The header's notifications entry: unread count on a bell that opens the list. */
export function NotificationsBell() {
  const [opened, { open, close }] = useDisclosure(false);
  const center = useNotificationsCenter(opened);
  const label = center.unread > 0 ? `Notifications, ${center.unread} unread` : 'Notifications';
  // The alert a notification was opened on, over the list.
  const [shown, setShown] = useState<NotificationItem | null>(null);
  return (
    <>
      <Indicator
        label={formatCount(center.unread)}
        size={16}
        disabled={center.unread === 0}
        color="red"
        offset={4}
        data-testid="notifications-unread"
      >
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} onClick={open}>
          <BellIcon />
        </ActionIcon>
      </Indicator>
      <Drawer opened={opened} onClose={close} position="right" title="Notifications" size="md">
        <Group justify="flex-end" mb="sm">
          <Button size="xs" variant="default" disabled={center.unread === 0} onClick={center.markAllRead}>
            Mark all as read
          </Button>
        </Group>
        <MutesList center={center} />
        <NotificationsList
          center={center}
          onOpen={(item) => {
            center.markRead(item);
            if (item.alert) setShown(item);
          }}
        />
      </Drawer>
      <AlertDialog
        opened={shown !== null}
        onClose={() => setShown(null)}
        alert={shown?.alert ?? null}
        alertType={shown?.alertType ?? null}
      />
    </>
  );
}

/** How a running mute is named: its kind and the name it was muted by. */
function muteTitle(mute: NotificationMute): string {
  return `${MUTE_KIND_NAMES[mute.kind]} ${mute.label ?? mute.key}`;
}

/** The running mutes, each with its end and an Unmute button; nothing while none runs. */
function MutesList({ center }: { center: NotificationsCenter }) {
  const { mutes } = center;
  if (mutes.status !== 'ready' || mutes.mutes.length === 0) return null;
  const sorted = [...mutes.mutes].sort((a, b) => a.until.localeCompare(b.until));
  return (
    <Paper withBorder p="sm" radius="md" mb="sm" data-testid="mutes-list" aria-labelledby="mutes-title">
      <Text size="sm" fw={700} id="mutes-title" mb={4}>
        Muted
      </Text>
      <Stack gap={6}>
        {sorted.map((mute) => {
          const title = muteTitle(mute);
          return (
            <Group
              key={`${mute.kind}:${mute.key}`}
              justify="space-between"
              wrap="nowrap"
              gap="xs"
              data-testid="mute-item"
              data-mute={`${mute.kind}:${mute.key}`}
            >
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" truncate="end" title={title}>
                  <Text span size="xs" c="dimmed">
                    {MUTE_KIND_NAMES[mute.kind]}
                  </Text>{' '}
                  {mute.label ?? mute.key}
                </Text>
                <Text size="xs" c="dimmed">
                  Until {formatDateTime(mute.until)}
                </Text>
              </Stack>
              <Button
                size="compact-xs"
                variant="default"
                aria-label={`Unmute ${title}`}
                onClick={() =>
                  center.unmute(mute, () =>
                    toasts.show({ color: 'green', message: `Notifications about ${title} are on again.` }),
                  )
                }
              >
                Unmute
              </Button>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}

function NotificationsList({
  center,
  onOpen,
}: {
  center: NotificationsCenter;
  onOpen: (item: NotificationItem) => void;
}) {
  const { state } = center;
  if (state.status === 'loading') return <Loader size="sm" aria-label="Loading notifications" />;
  if (state.status === 'error') return <ErrorBox />;
  const { items, totalItems, totalPages } = state.page;
  return (
    <Stack gap="sm" data-testid="notifications-list">
      {center.failed && <ErrorBox />}
      {items.length === 0 ? (
        <EmptyState>No more items to show</EmptyState>
      ) : (
        items.map((item) => <NotificationRow key={item.id} item={item} center={center} onOpen={onOpen} />)
      )}
      {totalItems > 0 && (
        <Pager
          page={center.page}
          pageCount={Math.max(1, totalPages)}
          pageSize={center.pageSize}
          total={totalItems}
          onPageChange={center.setPage}
          onPageSizeChange={center.setPageSize}
          label="Notification pages"
        />
      )}
    </Stack>
  );
}

function NotificationRow({
  item,
  center,
  onOpen,
}: {
  item: NotificationItem;
  center: NotificationsCenter;
  onOpen: (item: NotificationItem) => void;
}) {
  const unread = item.readAt === null;
  const title = item.alertType?.name ?? `Alert ${item.alertId ?? ''}`.trim();
  const targets = muteTargets(item);
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      data-testid="notification-item"
      data-notification-id={item.id}
      data-read={unread ? 'false' : 'true'}
      bg={unread ? 'var(--mantine-color-blue-light)' : undefined}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap">
            <RiskBadge risk={item.alertType?.risk} />
            {unread && (
              <Badge size="xs" variant="outline">
                new
              </Badge>
            )}
          </Group>
          <Anchor
            component="button"
            type="button"
            ta="left"
            fw={unread ? 700 : 400}
            onClick={() => onOpen(item)}
          >
            {title}
          </Anchor>
          <Text size="xs" c="dimmed">
            {formatDateTime(item.createdAt)}
            {item.alert?.data_collector_name ? ` · ${item.alert.data_collector_name}` : ''}
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={unread ? 'Mark as read' : 'Mark as unread'}>
            <ActionIcon
              variant="subtle"
              aria-label={unread ? `Mark ${title} as read` : `Mark ${title} as unread`}
              onClick={() => center.toggleRead(item)}
            >
              {unread ? '●' : '○'}
            </ActionIcon>
          </Tooltip>
          {targets.length > 0 && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Tooltip label="Mute">
                  <ActionIcon variant="subtle" color="gray" aria-label={`Mute ${title}`}>
                    <MuteIcon />
                  </ActionIcon>
                </Tooltip>
              </Menu.Target>
              <Menu.Dropdown>
                {targets.map((target) => (
                  <div key={target.kind}>
                    <Menu.Label>Mute {target.name} for</Menu.Label>
                    {MUTE_CHOICES.map((choice) => (
                      <Menu.Item
                        key={choice.minutes}
                        aria-label={`Mute ${target.name} for ${choice.label}`}
                        onClick={() =>
                          center.mute(target.kind, target.key, choice.minutes, target.label, () =>
                            toasts.show({
                              color: 'green',
                              message: `Notifications about ${target.name} are muted for ${choice.label}.`,
                            }),
                          )
                        }
                      >
                        {choice.label}
                      </Menu.Item>
                    ))}
                  </div>
                ))}
              </Menu.Dropdown>
            </Menu>
          )}
          <Tooltip label="Delete">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${title}`}
              onClick={() => center.remove(item)}
            >
              ✕
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}

function MuteIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden
    >
      <path d="M13.73 21a2 2 0 0 1-3.46 0" />
      <path d="M18.63 13A17.9 17.9 0 0 1 18 8" />
      <path d="M6.26 6.26A5.86 5.86 0 0 0 6 8c0 7-3 9-3 9h14" />
      <path d="M18 8a6 6 0 0 0-9.33-5" />
      <path d="M1 1l22 22" />
    </svg>
  );
}

function BellIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden
    >
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.73 21a2 2 0 0 1-3.46 0" />
    </svg>
  );
}
