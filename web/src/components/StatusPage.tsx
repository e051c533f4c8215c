import { Button, Center, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface StatusPageProps {
  code?: number | string;
  title: string;
  children?: ReactNode;
  /** Where GO BACK leads; no button when absent. */
  backTo?: string;
}

/** Full-width status screen shared by the 404, 403 and generic error pages. */
export function StatusPage({ code, title, children, backTo }: StatusPageProps) {
  return (
    <Center mih="60vh" p="xl">
      <Stack align="center" gap="sm" maw={480} ta="center">
        {code !== undefined && (
          <Text fz={64} fw={700} c="dimmed" lh={1} aria-hidden>
            {code}
          </Text>
        )}
        <Title order={1} size="h2">
          {title}
        </Title>
        {children}
        {backTo && (
          <Button component={Link} to={backTo} variant="light" mt="md">
            GO BACK
          </Button>
        )}
      </Stack>
    </Center>
  );
}
