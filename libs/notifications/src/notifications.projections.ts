import type { Projection } from '@lorawatch/projections/projection';

/** Read models of the notifications context, in the order the projection runner applies them. */
export const notificationsProjections: Projection[] = [];
