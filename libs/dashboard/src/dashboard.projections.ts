import type { Projection } from '@lorawatch/projections/projection';

/** Read models of the dashboard context, in the order the projection runner applies them. */
export const dashboardProjections: Projection[] = [];
