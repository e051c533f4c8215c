/** Alert risk levels, lowest first (docs/console.md §3). */
export const RISKS = ['INFO', 'LOW', 'MEDIUM', 'HIGH'] as const;
export type Risk = (typeof RISKS)[number];

/** Asset importance levels, lowest first (docs/console.md §3). */
export const IMPORTANCES = ['LOW', 'MEDIUM', 'HIGH'] as const;
export type Importance = (typeof IMPORTANCES)[number];
