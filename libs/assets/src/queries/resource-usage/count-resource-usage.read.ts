import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import type { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { requireMember } from '../../require-member';
import { heardBy, inventoryRows, ownKey, type InventoryRow } from '../shared/inventory-rows';
import { deviceUsageOf, lossPercent, matchesUsage, usageCriteria } from './resource-usage-filter';
import type { CountResourceUsageQuery } from './resource-usage.query';
import { LOSS_BANDS, SIGNAL_BANDS } from './usage-bands';

export enum UsageGrouping {
  status = 'status',
  gateway = 'gateway',
  signal = 'signal',
  loss = 'loss',
}

/**
 * The organisation's matching assets' resource usage counted by status, gateway, signal band or loss band (docs/api.md
 * §13).
 */
export async function countResourceUsage(
  current: ReadStore,
  asOf: AsOfReadModels,
  caller: AuthUser,
  grouping: UsageGrouping,
  query: CountResourceUsageQuery,
) {
  requireMember(caller);
  const store = await asOf.readStore(query.as_of, current);
  const criteria = await usageCriteria(store, caller.organizationId, query);
  const all = await inventoryRows(store, { organizationId: caller.organizationId, userId: caller.userId });
  const rows = all.filter((row) => matchesUsage(row, criteria));
  switch (grouping) {
    case UsageGrouping.status: {
      const connected = rows.filter((row) => row.asset.connected).length;
      return {
        total_count: rows.length,
        groups: [
          { id: 'connected', name: 'connected', count: connected },
          { id: 'disconnected', name: 'disconnected', count: rows.length - connected },
        ],
      };
    }
    case UsageGrouping.gateway:
      return { total_count: rows.length, groups: byGateway(all, rows) };
    case UsageGrouping.signal:
      return banded(
        rows,
        SIGNAL_BANDS,
        (row) => deviceUsageOf(row.asset)?.max_rssi ?? null,
        (band) => ({
          min_signal_strength: band.min,
          max_signal_strength: band.max,
        }),
      );
    case UsageGrouping.loss:
      return banded(
        rows,
        LOSS_BANDS,
        (row) => {
          const usage = deviceUsageOf(row.asset);
          return usage === null ? null : lossPercent(usage);
        },
        (band) => ({ min_packet_loss: band.min, max_packet_loss: band.max }),
      );
  }
}

interface Band {
  min: number;
  max: number;
  name: string;
}

/** Devices only; a device without the figure falls in no band. */
function banded<B extends Band>(
  rows: InventoryRow[],
  bands: readonly B[],
  value: (row: InventoryRow) => number | null,
  id: (band: B) => Record<string, number>,
) {
  const values = rows.map(value).filter((v): v is number => v !== null);
  const groups = bands.map((band) => ({
    id: id(band),
    name: band.name,
    count: values.filter((v) => v >= band.min && v < band.max).length,
  }));
  return { total_count: groups.reduce((sum, group) => sum + group.count, 0), groups };
}

function byGateway(all: InventoryRow[], rows: InventoryRow[]) {
  const counts = new Map<string, number>();
  for (const { asset } of rows) {
    for (const key of asset.type === 'gateway' ? [ownKey(asset)] : heardBy(asset))
      counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return all
    .filter((row) => row.asset.type === 'gateway' && counts.has(ownKey(row.asset)))
    .map(({ asset }) => ({ id: asset.numericId, name: asset.hexId, count: counts.get(ownKey(asset)) ?? 0 }))
    .sort((a, b) => b.count - a.count || a.id - b.id);
}
