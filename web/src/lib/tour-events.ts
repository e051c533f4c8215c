/**
 * The window event that starts the guided tour. The tour lives around the whole shell (tour feature) and the
 * dashboard's Start Tour button asks for it; features do not import each other, so both take the name from here.
 */
export const START_TOUR_EVENT = 'lorawatch:start-tour';
