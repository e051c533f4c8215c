import { PageQuery } from '@lorawatch/platform/query-params';
import { IntersectionType } from '@nestjs/swagger';
import { InventoryFilterQuery, OrderedQuery } from '../shared/asset-filter.query';
import { AsOfQuery } from '../shared/as-of.query';

export class ListInventoryQuery extends IntersectionType(
  InventoryFilterQuery,
  PageQuery,
  OrderedQuery,
  AsOfQuery,
) {}

/** GET inventory/count/{grouping}: the list's filters, and the time to answer as at. */
export class CountInventoryQuery extends IntersectionType(InventoryFilterQuery, AsOfQuery) {}
