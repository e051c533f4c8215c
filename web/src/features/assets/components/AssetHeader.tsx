import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Asset360 } from '../types/asset-360';
import { AssetTypeIcon } from './AssetIcons';
import { CopyLinkButton } from './CopyLinkButton';

/** Connected state, kind, identity and the copy-link control. */
export function AssetHeader({ asset }: { asset: Asset360 }) {
  return (
    <Paper withBorder p="md" radius="md" data-tour="page-header" data-testid="asset-header">
      <Group justify="space-between" wrap="wrap" gap="md">
        <Group gap="md" wrap="nowrap" align="center">
          <AssetTypeIcon type={asset.type} size={36} />
          <Stack gap={2}>
            <Title order={1} size="h3">
              {asset.type.toUpperCase()} {asset.hex_id.toUpperCase()}
            </Title>
            <Group gap="xs">
              <Badge
                color={asset.connected ? 'green' : 'red'}
                variant="filled"
                data-testid="connection-state"
              >
                {asset.connected ? 'transmitting' : 'not transmitting'}
              </Badge>
              {asset.type === 'device' && (
                <Text size="sm" c="dimmed" data-testid="device-address">
                  Device address: {asset.dev_addr ? asset.dev_addr.toUpperCase() : '-'}
                </Text>
              )}
              <Text size="sm" c="dimmed">
                ID {asset.id}
              </Text>
            </Group>
          </Stack>
        </Group>
        <CopyLinkButton />
      </Group>
    </Paper>
  );
}
