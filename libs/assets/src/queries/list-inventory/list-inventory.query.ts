import { PageQuery } from '@lorawatch/platform/query-params';
import { IntersectionType } from '@nestjs/swagger';
import { InventoryFilterQuery, OrderedQuery } from '../shared/asset-filter.query';

export class ListInventoryQuery extends IntersectionType(InventoryFilterQuery, PageQuery, OrderedQuery) {}
