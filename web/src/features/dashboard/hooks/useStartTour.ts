import { useCallback } from 'react';

/**
 * The guided tour lives in the tour feature, around the whole shell; features do not import each other, so the
 * dashboard asks for it with this window event (the tour's TourHost listens for the same name).
 */
export const START_TOUR_EVENT = 'lorawatch:start-tour';

export function useStartTour(): () => void {
  return useCallback(() => {
    window.dispatchEvent(new CustomEvent(START_TOUR_EVENT));
  }, []);
}
