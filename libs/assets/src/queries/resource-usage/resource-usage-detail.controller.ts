import { Controller, Get, Inject, Param, Query, UseFilters } from '@nestjs/common';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { packetJson } from '@lorawatch/domain/packet-json';
import type { Packet } from '@lorawatch/domain/packet';
import { PACKET_LOG, type PacketLog } from '@lorawatch/packet-log/packet-log.port';
import { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { assetNumericId } from '../../asset-documents';
import { requireMember } from '../../require-member';
import { dateFormat } from '../shared/api-dates';
import { attributesOf } from '../shared/asset-attributes';
import { ownAsset } from '../shared/own-asset';
import { packetBounds } from './packet-bounds';
import { recentPackets } from './recent-packets';
import { ResourceUsageDetailQuery } from './resource-usage.query';
import { usageJson } from './usage.json';

/**
 * One asset of the network overview with its recent packets (docs/api.md §13). As at `as_of`, the asset comes from
 * the read models of that time and the packets (kept in the packet log, not in events) end at that moment.
 */
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class ResourceUsageDetailController {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(PACKET_LOG) private readonly log: PacketLog,
    private readonly asOf: AsOfReadModels,
  ) {}

  @Get('resource_usage/:asset_type/:id')
  async getResourceUsageDetail(
    @CurrentUser() user: AuthUser,
    @Param('asset_type') type: string,
    @Param('id') id: string,
    @Query() query: ResourceUsageDetailQuery,
  ) {
    requireMember(user);
    const until = this.asOf.moment(query.as_of);
    const store = await this.asOf.readStore(query.as_of, this.store);
    const asset = await ownAsset(store, user.organizationId, type, id);
    const attributes = await attributesOf(store, asset);
    const row = { asset, ...attributes, tags: [], hidden: false };
    const packets =
      asset.type === 'device' ? await recentPackets(this.log, asset, packetBounds(query, until)) : null;
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
}

function values(packets: Packet[] | null, pick: (packet: Packet) => number | null): number[] {
  return (packets ?? []).map(pick).filter((value): value is number => value !== null);
}
