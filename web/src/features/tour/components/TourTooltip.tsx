import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TooltipRenderProps } from 'react-joyride';
import { useTourControls } from './tour-controls';

/** Button texts; the tour's locale uses the same words so each button's accessible name matches its text. */
export const TOUR_LABELS = { back: 'Back', next: 'Next', last: 'Finish', skip: 'Skip tour' } as const;

/** A tour step drawn with Mantine, so it follows the colour scheme and the app's buttons. */
export function TourTooltip({
  index,
  size,
  isLastStep,
  step,
  backProps,
  primaryProps,
  skipProps,
  tooltipProps,
}: TooltipRenderProps) {
  const controls = useTourControls();
  return (
    <Paper
      {...tooltipProps}
      aria-labelledby="tour-step-title"
      aria-describedby="tour-step-content"
      data-testid="tour-tooltip"
      data-step-id={step.id}
      shadow="lg"
      radius="md"
      p="md"
      withBorder
      w={360}
      maw="calc(100vw - 24px)"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" wrap="nowrap">
          <Title order={2} size="h4" id="tour-step-title">
            {step.title}
          </Title>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {index + 1} of {size}
          </Text>
        </Group>
        <Text size="sm" id="tour-step-content">
          {step.content}
        </Text>
        <Group justify="space-between" wrap="nowrap">
          {isLastStep ? (
            <span />
          ) : (
            <Button variant="subtle" size="xs" {...skipProps} onClick={controls.skip}>
              {TOUR_LABELS.skip}
            </Button>
          )}
          <Group gap="xs" wrap="nowrap">
            {index > 0 && (
              <Button variant="default" size="xs" {...backProps} onClick={() => controls.back(index)}>
                {TOUR_LABELS.back}
              </Button>
            )}
            <Button size="xs" {...primaryProps} onClick={() => controls.next(index)} data-autofocus>
              {isLastStep ? TOUR_LABELS.last : TOUR_LABELS.next}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
