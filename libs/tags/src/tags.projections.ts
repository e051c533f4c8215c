import type { Projection } from '@lorawatch/projections/projection';
import { tagsProjection } from './projection/tags.projection';

/** Read models of the tags context, in the order the projection runner applies them. */
export const tagsProjections: Projection[] = [tagsProjection];
