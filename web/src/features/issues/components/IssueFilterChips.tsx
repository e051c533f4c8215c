import { Anchor, Group, Pill } from '@mantine/core';
import { chipText, type FilterChip } from '../../../components/FilterChips';

/**
 * The shared FilterChips with its remove buttons reachable: Mantine's Pill hides its remove button from
 * assistive technology and the tab order unless told otherwise. Local until the shared kit takes the fix.
 */
export function IssueFilterChips({ chips, onClear }: { chips: FilterChip[]; onClear: () => void }) {
  if (chips.length === 0) return null;
  return (
    <Group gap="xs" data-testid="filter-chips" aria-label="Active filters" role="group">
      {chips.map((chip) => (
        <Pill
          key={chip.key}
          withRemoveButton
          onRemove={chip.onRemove}
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
