/**
 * How far the alerts read model has got: a notification renders and matches an alert as that read model shows it
 * once the event that made it visible is applied. Answered by the process that runs the alerts projection, from
 * its commits (nothing polls).
 */
export interface AlertsApplied {
  /** Resolves true once the alerts read model has applied `position`; false when waiting was given up (a stop). */
  reached(position: number): Promise<boolean>;
}
