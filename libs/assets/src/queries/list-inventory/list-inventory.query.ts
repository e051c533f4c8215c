import { IntersectionType } from '@nestjs/swagger';
import { InventoryFilterQuery, OrderedQuery, PagedQuery } from '../shared/asset-filter.query';

export class ListInventoryQuery extends IntersectionType(InventoryFilterQuery, PagedQuery, OrderedQuery) {}
