import { SolidBadge } from '../../../components/SolidBadge';
import { isHexColor } from '../../../lib/contrast';
import type { Tag } from '../types/inventory';

const DEFAULT_LABEL_COLOR = '#aaaaaa';

/** A label in its own colour; the text colour follows the background for contrast. */
export function LabelBadge({ tag }: { tag: Tag }) {
  const color = isHexColor(tag.color) ? tag.color : DEFAULT_LABEL_COLOR;
  return (
    <SolidBadge color={color} radius="sm" size="sm" tt="none">
      {tag.name}
    </SolidBadge>
  );
}
