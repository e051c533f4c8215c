import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { packetJson } from '@lorawatch/domain/packet-json';
import type { Packet } from '@lorawatch/domain/packet';
import type { PacketLog } from '@lorawatch/packet-log/packet-log.port';
import type { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { assetNumericId } from '../../asset-documents';
import { requireMember } from '../../require-member';
import { dateFormat } from '../shared/api-dates';
import { attributesOf } from '../shared/asset-attributes';
import { ownAsset } from '../shared/own-asset';
import { packetBounds } from './packet-bounds';
import { recentPackets } from './recent-packets';
import type { ResourceUsageDetailQuery } from './resource-usage.query';
import { usageJson } from './usage.json';

/** One asset's resource usage with its recent packets and their signal bounds (docs/api.md §13). */
export async function getResourceUsageDetail(
  current: ReadStore,
  log: PacketLog,
  asOf: AsOfReadModels,
  caller: AuthUser,
  type: string,
  id: string,
  query: ResourceUsageDetailQuery,
) {
  requireMember(caller);
  const until = asOf.moment(query.as_of);
  const store = await asOf.readStore(query.as_of, current);
  const asset = await ownAsset(store, caller.organizationId, type, id);
  const attributes = await attributesOf(store, asset);
  const row = { asset, ...attributes, tags: [], hidden: false };
  const packets =
    asset.type === 'device' ? await recentPackets(log, asset, packetBounds(query, until)) : null;
  const rssi = values(packets, (packet) => packet.rssi);
  const lsnr = values(packets, (packet) => packet.lsnr);
  return {
    ...usageJson(row),
    tags: attributes.tags,
    last_packets_list:
      packets?.map((packet) => ({
        ...packetJson(packet),
        date: dateFormat(packet.date),
        gateway_id: packet.gateway
          ? assetNumericId(`gateway:${packet.dataSourceId}:${packet.gateway}`)
          : null,
      })) ?? null,
    min_rssi_packets: rssi.length === 0 ? null : Math.min(...rssi),
    max_rssi_packets: rssi.length === 0 ? null : Math.max(...rssi),
    min_lsnr_packets: lsnr.length === 0 ? null : Math.min(...lsnr),
    max_lsnr_packets: lsnr.length === 0 ? null : Math.max(...lsnr),
  };
}

function values(packets: Packet[] | null, pick: (packet: Packet) => number | null): number[] {
  return (packets ?? []).map(pick).filter((value): value is number => value !== null);
}
