import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A screen's title (upper case, as the spec names it) with its header actions. `data-tour="page-header"` is
 * where the guided tour anchors its step on each screen.
 */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Group justify="space-between" align="center" wrap="wrap" data-tour="page-header">
      <Title order={1} size="h3">
        {title}
      </Title>
      {children && <Group gap="xs">{children}</Group>}
    </Group>
  );
}
