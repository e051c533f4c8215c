import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** The frame of the public account screens: the product name, the screen's title and its content. */
export function PublicCard({
  title,
  subtitle,
  children,
  backToLogin = true,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  /** A 'Back to Login' link under the content (the register page has its own button instead). */
  backToLogin?: boolean;
}) {
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={460}>
        <Stack gap="lg">
          <Stack gap={4} ta="center">
            <Text fw={700} c="dimmed" size="sm">
              LoRaWatch
            </Text>
            <Title order={1} size="h2">
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            )}
          </Stack>
          {children}
          {backToLogin && (
            <Anchor component={Link} to="/login" size="sm" ta="center">
              Back to Login
            </Anchor>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
