import { Paper, Stack, Text, Title } from '@mantine/core';

/** Stands in for screens that later issues deliver, so every menu entry already leads somewhere. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {title}
      </Title>
      <Paper withBorder p="xl" radius="md">
        <Text c="dimmed">This screen is not available yet.</Text>
      </Paper>
    </Stack>
  );
}
