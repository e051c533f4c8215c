import type { Response } from 'express';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import type { ExportFormat } from '@lorawatch/platform/export/export-format';
import { streamExport, type ExportColumn } from '@lorawatch/platform/export/stream-export';
import { badRequest } from '@lorawatch/platform/http-errors';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { requireMember } from '../require-member';
import type { InventoryRow, RowScope } from '../queries/shared/inventory-rows';
import { parseOrder, type Direction } from '../queries/shared/paging';
import { assetExportChunks, type AssetWalk } from './asset-export-rows';

/** An asset list as a file: how it reads its filters, keeps a row, walks its order, and writes a row. */
export interface AssetListExport<
  Field extends string,
  Criteria extends Pick<RowScope, 'type' | 'dataSourceIds'>,
> {
  /** The file's name before its date and extension. */
  name: string;
  orderFields: readonly Field[];
  criteria: (store: ReadStore, organizationId: number) => Promise<Criteria>;
  matches: (row: InventoryRow, criteria: Criteria) => boolean;
  walk: (order: { field: Field; direction: Direction } | null) => AssetWalk;
  columns: readonly ExportColumn<InventoryRow>[];
  json: (row: InventoryRow) => unknown;
}

/**
 * Streams the member's organisation's assets that the list's filters keep, in the list's order (400 on an order the
 * list does not know), in the format asked for.
 */
export async function streamAssetExport<
  Field extends string,
  Criteria extends Pick<RowScope, 'type' | 'dataSourceIds'>,
>(
  store: ReadStore,
  user: AuthUser,
  query: { order_by?: string[]; format: ExportFormat },
  response: Response,
  list: AssetListExport<Field, Criteria>,
): Promise<void> {
  requireMember(user);
  const order = parseOrder(query.order_by, list.orderFields);
  if (order !== null && 'error' in order) throw badRequest(order.error);
  const criteria = await list.criteria(store, user.organizationId);
  const chunks = await assetExportChunks(
    store,
    {
      organizationId: user.organizationId,
      userId: user.userId,
      type: criteria.type,
      dataSourceIds: criteria.dataSourceIds,
    },
    list.walk(order),
    (row) => list.matches(row, criteria),
  );
  await streamExport(response, {
    format: query.format,
    name: list.name,
    columns: list.columns,
    json: list.json,
    chunks,
  });
}
