import { Anchor, Group, Pill } from '@mantine/core';

export interface FilterChip {
  /** Unique among the chips shown. */
  key: string;
  label: string;
  onRemove: () => void;
}

/** Long values (alert type names) show 15 characters then an ellipsis (docs/console.md §9). */
export function chipText(text: string, limit = 15): string {
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}

/** The removable filter chips of a list, with a Clear link; renders nothing while no filter is set. */
export function FilterChips({ chips, onClear }: { chips: FilterChip[]; onClear: () => void }) {
  if (chips.length === 0) return null;
  return (
    <Group gap="xs" data-testid="filter-chips" aria-label="Active filters" role="group">
      {chips.map((chip) => (
        <Pill
          key={chip.key}
          withRemoveButton
          onRemove={chip.onRemove}
          // Mantine hides the remove button from assistive technology and the tab order by default.
          removeButtonProps={{
            'aria-label': `Remove filter ${chip.label}`,
            'aria-hidden': false,
            tabIndex: 0,
          }}
          title={chip.label}
        >
          {chipText(chip.label)}
        </Pill>
      ))}
      <Anchor component="button" type="button" size="sm" onClick={onClear}>
        Clear
      </Anchor>
    </Group>
  );
}
