import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { PAGE_SIZE_OPTIONS } from '../lib/paging';

export interface PagerProps {
  /** 0-based. */
  page: number;
  pageCount: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  /** Names the page navigation for assistive technology, e.g. 'Alerts pages'. */
  label: string;
}

const CONTROL_LABELS: Record<string, string> = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
};

/** Page-size chooser (10/25/50/100), the range shown and page navigation: the footer of every list. */
export function Pager({
  page,
  pageCount,
  pageSize,
  total,
  onPageChange,
  onPageSizeChange,
  label,
}: PagerProps) {
  const first = total === 0 ? 0 : page * pageSize + 1;
  const last = Math.min(total, (page + 1) * pageSize);
  return (
    <Group justify="space-between" gap="md">
      <Group gap="sm">
        <NativeSelect
          label="Items per page"
          size="xs"
          w={130}
          value={String(pageSize)}
          data={PAGE_SIZE_OPTIONS.map(String)}
          onChange={(event) => onPageSizeChange(Number(event.currentTarget.value))}
        />
        <Text size="sm" c="dimmed" mt="lg">
          {first}–{last} of {total}
        </Text>
      </Group>
      <Pagination
        total={pageCount}
        value={page + 1}
        onChange={(value) => onPageChange(value - 1)}
        withEdges
        size="sm"
        aria-label={label}
        getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
      />
    </Group>
  );
}
