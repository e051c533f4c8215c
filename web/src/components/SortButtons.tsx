import { ActionIcon, Button, Group } from '@mantine/core';
import type { Sort } from '../lib/paging';

export interface SortField {
  field: string;
  label: string;
}

export interface SortButtonsProps {
  fields: readonly SortField[];
  sort: Sort | null;
  /** Called with the clicked field; the caller applies `toggleSort`. */
  onSort: (field: string) => void;
  /** Shows the clear button when given. */
  onClear?: () => void;
}

const ARROWS = { ASC: '↑', DESC: '↓' } as const;

/** A list's sort buttons: the active one is filled and shows its direction. */
export function SortButtons({ fields, sort, onSort, onClear }: SortButtonsProps) {
  return (
    <Group gap="xs" role="group" aria-label="Sort by">
      {fields.map(({ field, label }) => {
        const active = sort?.field === field;
        return (
          <Button
            key={field}
            size="xs"
            variant={active ? 'filled' : 'default'}
            aria-pressed={active}
            onClick={() => onSort(field)}
            rightSection={active ? <span aria-hidden>{ARROWS[sort.direction]}</span> : undefined}
            aria-label={active ? `${label} ${sort.direction === 'ASC' ? 'ascending' : 'descending'}` : label}
          >
            {label}
          </Button>
        );
      })}
      {onClear && (
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label="Clear sorting"
          onClick={onClear}
          disabled={!sort}
        >
          ✕
        </ActionIcon>
      )}
    </Group>
  );
}
