import { Badge, Group, Loader, Text } from '@mantine/core';

export interface DataSourceBadgeProps {
  active: number;
  total: number;
  loading: boolean;
}

/** `active/total` data sources: blue when every one is connected, red otherwise (docs/console.md §2 /dashboard). */
export function DataSourceBadge({ active, total, loading }: DataSourceBadgeProps) {
  const allActive = total > 0 && active === total;
  return (
    <Group gap="xs" wrap="nowrap">
      <Text fw={700} size="sm" component="h2" m={0}>
        DATA SOURCES
      </Text>
      {loading ? (
        <Loader size="xs" aria-label="Loading data sources" />
      ) : (
        <Badge
          color={allActive ? 'blue' : 'red'}
          variant="filled"
          size="lg"
          data-testid="data-source-badge"
          data-state={allActive ? 'all-active' : 'not-all-active'}
          aria-label={`${active} of ${total} data sources connected`}
        >
          {active}/{total}
        </Badge>
      )}
    </Group>
  );
}
