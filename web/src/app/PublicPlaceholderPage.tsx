import { Anchor, Container, Stack } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PlaceholderPage } from '../components/PlaceholderPage';

/** Public account screens (register, recovery, activation) arrive in a later issue. */
export function PublicPlaceholderPage({ title }: { title: string }) {
  return (
    <Container size="sm" py="xl">
      <Stack>
        <PlaceholderPage title={title} />
        <Anchor component={Link} to="/login">
          Back to Login
        </Anchor>
      </Stack>
    </Container>
  );
}
