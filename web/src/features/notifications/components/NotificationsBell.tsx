import {
  ActionIcon,
  Anchor,
  Badge,
  Drawer,
  Group,
  Indicator,
  Loader,
  Paper,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBox } from '../../../components/ErrorBox';
import { Pager } from '../../../components/Pager';
import { RiskBadge } from '../../../components/RiskBadge';
import { formatCount, formatDateTime } from '../../../lib/format';
import { useNotificationsCenter, type NotificationsCenter } from '../hooks/useNotificationsCenter';
import type { NotificationItem } from '../types/notifications';

/** The header's notifications entry: unread count on a bell that opens the list. */
export function NotificationsBell() {
  const [opened, { open, close }] = useDisclosure(false);
  const center = useNotificationsCenter(opened);
  const label = center.unread > 0 ? `Notifications, ${center.unread} unread` : 'Notifications';
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
        <NotificationsList center={center} />
      </Drawer>
    </>
  );
}

function NotificationsList({ center }: { center: NotificationsCenter }) {
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
        items.map((item) => <NotificationRow key={item.id} item={item} center={center} />)
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

function NotificationRow({ item, center }: { item: NotificationItem; center: NotificationsCenter }) {
  const unread = item.readAt === null;
  const title = item.alertType?.name ?? `Alert ${item.alertId ?? ''}`.trim();
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
            onClick={() => center.markRead(item)}
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
