import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { IMPORTANCES } from '@lorawatch/domain/risk';
import type { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { requireMember } from '../../require-member';
import { inventoryCriteria, matchesInventory } from '../shared/inventory-filter';
import { heardBy, inventoryRows, ownKey, type InventoryRow } from '../shared/inventory-rows';
import type { CountInventoryQuery } from '../list-inventory/list-inventory.query';

export enum InventoryGrouping {
  data_collector = 'data_collector',
  gateway = 'gateway',
  vendor = 'vendor',
  tag = 'tag',
  importance = 'importance',
}

/** The organisation's matching assets counted by one grouping, largest group first (docs/api.md §10). */
export async function countInventory(
  current: ReadStore,
  asOf: AsOfReadModels,
  caller: AuthUser,
  grouping: InventoryGrouping,
  query: CountInventoryQuery,
) {
  requireMember(caller);
  const store = await asOf.readStore(query.as_of, current);
  const criteria = await inventoryCriteria(store, caller.organizationId, query);
  const all = await inventoryRows(store, { organizationId: caller.organizationId, userId: caller.userId });
  const rows = all.filter((row) => matchesInventory(row, criteria));
  switch (grouping) {
    case InventoryGrouping.data_collector:
      return tally(rows, (row) => [[row.asset.dataSourceId, { name: row.dataSourceName }]]);
    case InventoryGrouping.vendor:
      return tally(rows, (row) => [[row.asset.vendor, { name: row.asset.vendor }]]);
    case InventoryGrouping.importance:
      return tally(rows, (row) => [[row.importance, { name: row.importance }]]).sort(
        (a, b) => IMPORTANCES.indexOf(b.id as 'LOW') - IMPORTANCES.indexOf(a.id as 'LOW'),
      );
    case InventoryGrouping.tag:
      return tally(rows, (row) => row.tags.map((tag) => [tag.tagId, { name: tag.name, color: tag.color }]));
    case InventoryGrouping.gateway:
      return countByGateway(all, rows);
  }
}

type Extra = { name: string | null; color?: string };

/** Groups in order of size (then first seen), each row counted once per key it yields. */
function tally(rows: InventoryRow[], keys: (row: InventoryRow) => Array<[string | number | null, Extra]>) {
  const groups = new Map<string | number | null, { id: string | number | null; count: number } & Extra>();
  for (const row of rows) {
    for (const [id, extra] of keys(row)) {
      const group = groups.get(id) ?? { id, ...extra, count: 0 };
      group.count += 1;
      groups.set(id, group);
    }
  }
  return [...groups.values()].sort((a, b) => b.count - a.count);
}

/** Per gateway: the matching devices it hears, plus one for itself when it matches (docs/api.md §10). */
function countByGateway(all: InventoryRow[], rows: InventoryRow[]) {
  const counts = new Map<string, number>();
  for (const { asset } of rows) {
    const keys = asset.type === 'gateway' ? [ownKey(asset)] : heardBy(asset);
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return all
    .filter((row) => row.asset.type === 'gateway' && counts.has(ownKey(row.asset)))
    .map(({ asset }) => ({ id: asset.numericId, name: asset.hexId, count: counts.get(ownKey(asset)) ?? 0 }))
    .sort((a, b) => b.count - a.count || a.id - b.id);
}
