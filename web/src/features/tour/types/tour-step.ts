import type { Placement } from 'react-joyride';

/** Where a step points, and on which side of it the tooltip goes. */
export interface TourTarget {
  selector: string;
  placement: Placement;
}

/** One step of the guided tour, before it is resolved against the page actually shown. */
export interface TourStepDefinition {
  id: string;
  /** The screen the step is shown on; the tour navigates there first. */
  route: string;
  title: string;
  content: string;
  /**
   * Candidate anchors, best first. Screens are built independently, so any of them may be missing: the first
   * that appears wins, and with none the step is shown in the middle of the screen.
   */
  targets: readonly TourTarget[];
}
