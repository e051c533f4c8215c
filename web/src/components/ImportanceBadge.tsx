import { Badge } from '@mantine/core';
import { readableTextColor } from '../lib/contrast';
import type { Importance } from '../lib/levels';

/** Colours from docs/console.md §9. */
export const IMPORTANCE_COLORS: Record<Importance, string> = {
  LOW: '#fad732',
  MEDIUM: '#ff902b',
  HIGH: '#f05050',
};

export function ImportanceBadge({ importance }: { importance: Importance | null | undefined }) {
  if (!importance) return null;
  return (
    <Badge
      color={IMPORTANCE_COLORS[importance] ?? '#868e96'}
      c={readableTextColor(IMPORTANCE_COLORS[importance] ?? '#868e96')}
      variant="filled"
      radius="xl"
      miw="max-content"
      style={{ flex: 'none' }}
    >
      {importance}
    </Badge>
  );
}
