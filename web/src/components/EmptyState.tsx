import { Center, Text } from '@mantine/core';

/** A list's empty text ('No items found', 'There are no issues', ...), exactly as the spec words it. */
export function EmptyState({ children }: { children: string }) {
  return (
    <Center py="xl" data-testid="empty-state">
      <Text c="dimmed">{children}</Text>
    </Center>
  );
}
