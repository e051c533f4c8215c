/** The 360 view's constants (docs/console.md §9). */
export const ALERTS_PAGE_SIZE = 7;
export const ISSUES_PAGE_SIZE = 5;
export const GATEWAY_DEVICES_PAGE_SIZE = 5;
export const ASSOCIATED_ASSETS_SIZE = 100;

/** Timeline: how many of the latest alerts it draws; null = all of them. */
export const TIMELINE_QUANTITIES = [10, 20, 30, 50, 70, 100, 150, 200, 500, 1000, null] as const;
export type TimelineQuantity = (typeof TIMELINE_QUANTITIES)[number];
export const DEFAULT_TIMELINE_QUANTITY: TimelineQuantity = 20;
export const TIMELINE_MIN_ZOOM_MS = 60 * 60 * 1000;
export const TIMELINE_MAX_ZOOM_MS = 2_592_000_000;
export const TIMELINE_HEIGHTS = [250, 350] as const;

/** Map: a 5000 m circle around each gateway, zoom 10. */
export const GATEWAY_CIRCLE_RADIUS_M = 5000;
export const MAP_ZOOM = 10;

/** The floor of the view's refresh (brief: 60 s), on top of the live channel. */
export const REFRESH_MS = 60_000;
