import type { Projection } from '@lorawatch/projections/projection';
import { notificationsProjection } from './projection/notifications.projection';
import { preferencesProjection } from './projection/preferences.projection';

/** Read models of the notifications context, in the order the projection runner applies them. */
export const notificationsProjections: Projection[] = [preferencesProjection, notificationsProjection];
