import { Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorBox } from '../ErrorBox';

export interface ChartCardProps {
  title: string;
  loading?: boolean;
  error?: boolean;
  /** Shown instead of the chart when there is nothing to draw. */
  empty?: string | null;
  height?: number;
  children: ReactNode;
  testId?: string;
}

/** The frame of every chart: title, then a loader, the 'Oops!' box, an empty text or the chart itself. */
export function ChartCard({ title, loading, error, empty, height = 220, children, testId }: ChartCardProps) {
  let body: ReactNode = children;
  if (error) body = <ErrorBox />;
  else if (loading)
    body = (
      <Center h={height}>
        <Loader size="sm" aria-label={`Loading ${title}`} />
      </Center>
    );
  else if (empty)
    body = (
      <Center h={height}>
        <Text c="dimmed" size="sm">
          {empty}
        </Text>
      </Center>
    );
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId} aria-label={title} component="section">
      <Stack gap="sm">
        <Title order={2} size="h6" tt="uppercase">
          {title}
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}
