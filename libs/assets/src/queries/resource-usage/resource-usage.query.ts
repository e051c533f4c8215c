import { PageQuery } from '@lorawatch/platform/query-params';
import { IntersectionType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsArray, IsIn, IsInt, IsNumber, IsOptional } from 'class-validator';
import { toInteger, toIntegerList } from '@lorawatch/platform/query-params';
import { AssetScopeQuery, OrderedQuery } from '../shared/asset-filter.query';
import { AsOfQuery } from '../shared/as-of.query';

const toNumber = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;

/** The network overview's filters (docs/api.md §13). */
export class ResourceUsageFilterQuery extends AssetScopeQuery {
  @IsOptional()
  @IsIn(['connected', 'disconnected'], { message: 'asset_status must be connected or disconnected' })
  asset_status?: 'connected' | 'disconnected';

  /** Those devices and the gateways that hear them. */
  @IsOptional()
  @Transform(toIntegerList)
  @IsArray({ message: 'device_ids must be device ids' })
  @IsInt({ each: true, message: 'device_ids must be device ids' })
  device_ids?: number[];

  @IsOptional()
  @Transform(toInteger)
  @IsInt({ message: 'min_signal_strength must be an integer (dBm)' })
  min_signal_strength?: number;

  @IsOptional()
  @Transform(toInteger)
  @IsInt({ message: 'max_signal_strength must be an integer (dBm)' })
  max_signal_strength?: number;

  @IsOptional()
  @Transform(toInteger)
  @IsInt({ message: 'min_packet_loss must be an integer (%)' })
  min_packet_loss?: number;

  @IsOptional()
  @Transform(toInteger)
  @IsInt({ message: 'max_packet_loss must be an integer (%)' })
  max_packet_loss?: number;
}

export class ListResourceUsageQuery extends IntersectionType(
  ResourceUsageFilterQuery,
  PageQuery,
  OrderedQuery,
  AsOfQuery,
) {}

/** GET resource_usage/count/{grouping}: the list's filters, and the time to answer as at. */
export class CountResourceUsageQuery extends IntersectionType(ResourceUsageFilterQuery, AsOfQuery) {}

/** Signal and SNR bounds on the packets of one asset's detail (docs/api.md §13). */
export class ResourceUsageDetailQuery extends AsOfQuery {
  @IsOptional()
  @Transform(toInteger)
  @IsInt({ message: 'min_rssi must be an integer (dBm)' })
  min_rssi?: number;

  @IsOptional()
  @Transform(toInteger)
  @IsInt({ message: 'max_rssi must be an integer (dBm)' })
  max_rssi?: number;

  @IsOptional()
  @Transform(toNumber)
  @IsNumber({}, { message: 'min_lsnr must be a number (dB)' })
  min_lsnr?: number;

  @IsOptional()
  @Transform(toNumber)
  @IsNumber({}, { message: 'max_lsnr must be a number (dB)' })
  max_lsnr?: number;
}
