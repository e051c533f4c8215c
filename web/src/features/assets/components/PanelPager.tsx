import { Group, Pagination, Text } from '@mantine/core';

/** The foot of a paged panel (alerts, associated devices): how many items, then the page buttons. */
export function PanelPager({
  countText,
  countTestId,
  page,
  totalPages,
  onPage,
  label,
}: {
  countText: string;
  countTestId?: string;
  /** 0-based. */
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  /** Names the pagination for assistive technology. */
  label: string;
}) {
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed" data-testid={countTestId}>
        {countText}
      </Text>
      <Pagination
        size="sm"
        total={totalPages}
        value={page + 1}
        onChange={(value) => onPage(value - 1)}
        aria-label={label}
        getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
      />
    </Group>
  );
}
