import { Badge } from '@mantine/core';
import type { Tag } from '../types/inventory';

/** A label in its own colour; the text colour follows the background for contrast. */
export function LabelBadge({ tag }: { tag: Tag }) {
  return (
    <Badge color={tag.color} autoContrast variant="filled" radius="sm" size="sm" tt="none">
      {tag.name}
    </Badge>
  );
}
