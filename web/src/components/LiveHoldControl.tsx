import { Button, Group, Text } from '@mantine/core';

export interface LiveHoldControlProps {
  paused: boolean;
  hovered: boolean;
  pending: boolean;
  waiting: number;
  onToggle: () => void;
  /** What the list holds, for the button's accessible name ('alerts', 'issues', 'events'). */
  subject: string;
}

/** Text beside the pause button: why the list holds still and how much waits. */
export function liveHoldStatus({
  paused,
  hovered,
  pending,
  waiting,
}: Pick<LiveHoldControlProps, 'paused' | 'hovered' | 'pending' | 'waiting'>): string {
  if (!paused && !hovered) return 'Live';
  const why = paused ? 'Paused' : 'Held while the pointer is on the list';
  if (!pending) return why;
  return waiting > 0 ? `${why}: ${waiting} new waiting` : `${why}: updates waiting`;
}

/** Pause / resume for a live list, with the number of new rows waiting. */
export function LiveHoldControl({
  paused,
  hovered,
  pending,
  waiting,
  onToggle,
  subject,
}: LiveHoldControlProps) {
  return (
    <Group gap="xs" wrap="nowrap" data-testid="live-hold">
      <Text size="xs" c="dimmed" aria-live="polite" data-testid="live-hold-status">
        {liveHoldStatus({ paused, hovered, pending, waiting })}
      </Text>
      <Button
        size="compact-xs"
        variant={paused ? 'filled' : 'default'}
        onClick={onToggle}
        aria-pressed={paused}
        aria-label={paused ? `Resume live ${subject}` : `Pause live ${subject}`}
      >
        {paused ? 'Resume' : 'Pause'}
      </Button>
    </Group>
  );
}
