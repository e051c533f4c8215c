/** Height of the signed-in header, in px; toasts open below it (app/toasts.css uses the same figure). */
export const HEADER_HEIGHT = 56;
