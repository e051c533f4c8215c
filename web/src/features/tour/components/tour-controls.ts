import { createContext, useContext } from 'react';

/**
 * What the tooltip's buttons do. The tour moves itself rather than through Joyride's own button handlers: Joyride
 * drops a click made while it is still bringing the step into view (its tooltip is already on screen then), and
 * being controlled it would then wait for a step change that never comes.
 */
export interface TourControls {
  next(index: number): void;
  back(index: number): void;
  skip(): void;
}

const NOTHING: TourControls = { next: () => undefined, back: () => undefined, skip: () => undefined };

export const TourControlsContext = createContext<TourControls>(NOTHING);

export const useTourControls = (): TourControls => useContext(TourControlsContext);
