import { describe, expect, it } from 'vitest';
import { TOUR_STEPS } from './tour-steps';

describe('tour steps', () => {
  it('describes the Triggers section by what it holds: risk levels only', () => {
    const triggers = TOUR_STEPS.find((step) => step.id === 'events-triggers');
    expect(TOUR_STEPS.indexOf(triggers ?? TOUR_STEPS[0])).toBe(6);
    expect(triggers?.content).toBe(
      'Then choose the risk levels of the alerts that should trigger a notification.',
    );
    expect(triggers?.content).not.toMatch(/alert types/);
  });
});
