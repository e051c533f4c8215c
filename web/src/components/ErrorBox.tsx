import { Alert, Text } from '@mantine/core';

/** The shared failure box for lists and timelines (docs/console.md §8). */
export function ErrorBox({ message = 'Something went wrong. Try again later.' }: { message?: string }) {
  return (
    <Alert color="red" variant="light" title="Oops!" role="alert" data-testid="error-box">
      <Text size="sm">{message}</Text>
    </Alert>
  );
}
