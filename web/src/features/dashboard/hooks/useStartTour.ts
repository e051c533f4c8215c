import { useCallback } from 'react';
import { START_TOUR_EVENT } from '../../../lib/tour-events';

/** Asks the tour feature's TourHost (around the whole shell) to start the guided tour. */
export function useStartTour(): () => void {
  return useCallback(() => {
    window.dispatchEvent(new CustomEvent(START_TOUR_EVENT));
  }, []);
}
