import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { readableTextColor } from '../lib/contrast';

export interface SolidBadgeProps extends Omit<BadgeProps, 'color' | 'c' | 'variant' | 'children'> {
  /** The background, a hex colour; the text is black or white, whichever contrasts more (WCAG AA). */
  color: string;
  children: ReactNode;
}

/** A filled badge that always shows its whole word: it takes the width its text needs and never truncates. */
export function SolidBadge({ color, children, style, ...props }: SolidBadgeProps) {
  return (
    <Badge
      {...props}
      color={color}
      c={readableTextColor(color)}
      variant="filled"
      miw="max-content"
      style={{ flex: 'none', overflow: 'visible', ...(typeof style === 'object' ? style : {}) }}
    >
      {children}
    </Badge>
  );
}
