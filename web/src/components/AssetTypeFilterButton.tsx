import { Badge, Group, Text, UnstyledButton } from '@mantine/core';
import type { AssetType } from '../lib/asset-type';

const TYPE_FILTER_TEXT: Record<string, string> = { none: 'all', gateway: 'gateways', device: 'devices' };

/**
 * The TYPE column header of the asset lists (inventory, network overview): a click cycles the type filter
 * (see `nextAssetType`), and the chosen type shows as a badge. `label` is the header's own text.
 */
export function AssetTypeFilterButton({
  label,
  assetType,
  onCycle,
}: {
  label: string;
  assetType: AssetType | null;
  onCycle: () => void;
}) {
  return (
    <UnstyledButton
      onClick={onCycle}
      aria-label={`${label}: showing ${TYPE_FILTER_TEXT[assetType ?? 'none']}, click to change`}
      data-testid="type-filter"
    >
      <Group gap={4} wrap="nowrap">
        <Text fw={700} size="sm">
          {label}
        </Text>
        {assetType && (
          <Badge size="xs" variant="light">
            {assetType}
          </Badge>
        )}
      </Group>
    </UnstyledButton>
  );
}
