import { Anchor, Badge, Button, Group, Loader, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { AssetMap, type MapCircle, type MapPoint } from '../../../components/map/AssetMap';
import { ImportanceBadge } from '../../../components/ImportanceBadge';
import { LabelValueTable } from '../../../components/LabelValueTable';
import { formatDateTime, formatUnixDateTime } from '../../../lib/format';
import { useAssetInfo } from '../hooks/useAssetInfo';
import { assetTypeOf, assetViewPath, type AssetInfo, type InventoryAsset } from '../types/inventory';
import { LabelBadge } from './LabelBadge';
import { useArrowKeys } from '../../../components/alert-dialog/use-arrow-keys';

/** Spec §9: gateway circles of 5000 m, zoom 10. */
const GATEWAY_RADIUS_M = 5000;

/** Where to pin the asset: a gateway's own position, or the gateways that hear a device. */
export function mapOf(
  asset: InventoryAsset,
  info: AssetInfo | null,
): { points: MapPoint[]; circles: MapCircle[] } {
  const points: MapPoint[] = [];
  const circles: MapCircle[] = [];
  if (assetTypeOf(asset) === 'gateway') {
    const location = info?.location ?? asset.location;
    if (location?.latitude != null && location.longitude != null) {
      points.push({
        id: String(asset.id),
        latitude: location.latitude,
        longitude: location.longitude,
        label: asset.hex_id.toUpperCase(),
        kind: 'gateway',
      });
    }
  } else {
    for (const entry of info?.gateway_locations ?? []) {
      for (const [id, gateway] of Object.entries(entry)) {
        if (gateway.latitude == null || gateway.longitude == null) continue;
        points.push({
          id,
          latitude: gateway.latitude,
          longitude: gateway.longitude,
          label: gateway.name ?? gateway.hex_id.toUpperCase(),
          kind: 'gateway',
        });
        circles.push({ latitude: gateway.latitude, longitude: gateway.longitude, radius: GATEWAY_RADIUS_M });
      }
    }
  }
  return { points, circles };
}

function detailRows(asset: InventoryAsset, info: AssetInfo) {
  const device = assetTypeOf(asset) === 'device';
  const rows: [string, string | null | undefined][] = [
    ['Type', asset.type],
    [device ? 'DevEUI' : 'Gateway EUI', asset.hex_id.toUpperCase()],
    ['Name', info.name ?? asset.name],
    ['Vendor', info.vendor ?? asset.vendor],
    ['Data source', info.data_collector ?? asset.data_collector],
    ['Status', info.connected ? 'transmitting' : 'not transmitting'],
    ['First activity', formatUnixDateTime(asset.first_activity)],
    [
      'Last activity',
      info.last_activity ? formatDateTime(info.last_activity) : formatUnixDateTime(asset.last_activity),
    ],
  ];
  if (device) {
    rows.push(['Device address', info.dev_addr?.toUpperCase()]);
    rows.push(['Join EUI', info.join_eui?.toUpperCase()]);
    rows.push(['Application', info.app_name]);
    if (info.is_otaa != null) rows.push(['Activation', info.is_otaa ? 'OTAA' : 'ABP']);
  }
  return rows.filter(([, value]) => value !== null && value !== undefined && value !== '');
}

export interface AssetDetailModalProps {
  asset: InventoryAsset | null;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onClose: () => void;
}

function AssetDetail({ asset }: { asset: InventoryAsset }) {
  const info = useAssetInfo(asset);
  const { points, circles } = mapOf(asset, info.data);
  const tags = info.data?.tags ?? asset.tags;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Group gap="xs">
          <Badge variant="light">{asset.type}</Badge>
          <ImportanceBadge importance={info.data?.importance ?? asset.importance} />
          <Badge color={asset.connected ? 'green' : 'red'} variant="dot" tt="none">
            {asset.connected ? 'transmitting' : 'not transmitting'}
          </Badge>
        </Group>
        <Anchor href={assetViewPath(asset)} target="_blank" rel="noopener" fw={600}>
          360° VIEW
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Stack gap="xs">
          <Title order={3} size="h6">
            LOCATION
          </Title>
          {info.status === 'loading' && points.length === 0 ? (
            <Loader size="sm" aria-label="Loading location" />
          ) : (
            <AssetMap points={points} circles={circles} height={220} zoom={10} />
          )}
        </Stack>
        <Stack gap="xs">
          <Title order={3} size="h6">
            LABELS
          </Title>
          {tags.length === 0 ? (
            <Text size="sm" c="dimmed">
              No tags to show
            </Text>
          ) : (
            <Group gap={4}>
              {tags.map((tag) => (
                <LabelBadge key={tag.id} tag={tag} />
              ))}
            </Group>
          )}
          <Title order={3} size="h6" mt="sm">
            TECHNICAL DETAILS
          </Title>
          {info.status === 'error' ? (
            <Text size="sm" c="red" role="alert">
              Oops, there is no technical details to show. This must be an error, please contact support.
            </Text>
          ) : info.data === null ? (
            <Loader size="sm" aria-label="Loading technical details" />
          ) : (
            <LabelValueTable
              rows={detailRows(asset, info.data)}
              testId="technical-details"
              labelWidth="40%"
            />
          )}
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

/** An inventory row in detail, with previous/next across rows and pages. */
export function AssetDetailModal({
  asset,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
  onClose,
}: AssetDetailModalProps) {
  useArrowKeys(asset !== null, { hasPrevious, hasNext, onPrevious, onNext });
  return (
    <Modal
      opened={asset !== null}
      onClose={onClose}
      size="xl"
      title={asset ? `${asset.type} ${asset.hex_id.toUpperCase()}` : ''}
    >
      {asset && (
        <Stack>
          <AssetDetail key={`${asset.type}:${asset.id}`} asset={asset} />
          <Group justify="space-between">
            <Button variant="default" onClick={onPrevious} disabled={!hasPrevious}>
              Previous
            </Button>
            <Button variant="default" onClick={onNext} disabled={!hasNext}>
              Next
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
