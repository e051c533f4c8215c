import type { Projection } from '@lorawatch/projections/projection';
import { assetAttributesProjection } from './projection/asset-attributes.projection';
import { assetsProjection } from './projection/assets.projection';

/** Read models of the assets context, in the order the projection runner applies them. */
export const assetsProjections: Projection[] = [assetsProjection, assetAttributesProjection];
