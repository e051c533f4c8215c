import type { DeviceUsage } from '@lorawatch/detectors/statistics/device-usage';
import type { GatewayUsage } from '@lorawatch/detectors/statistics/gateway-usage';
import type { CollectionSpec } from '@lorawatch/read-store/read-store.port';

/**
 * A device or gateway discovered from traffic, with its statistics (docs/alert-catalogue.md §2.6, §2.7): the read model
 * behind the inventory, the network overview and the asset views. The detectors write it with their state, so it
 * is as fresh as the last packet. What users set on an asset (importance, labels, hiding) lives elsewhere: this
 * document belongs to the detectors alone.
 */
export type AssetType = 'device' | 'gateway';

export interface AssetView {
  /** `device:<dataSourceId>:<DevEUI, else DevAddr>` or `gateway:<dataSourceId>:<gateway EUI>`. */
  id: string;
  /** The API's integer id: derived from `id`, so it is the same in every replay and every replica. */
  numericId: number;
  type: AssetType;
  organizationId: number;
  dataSourceId: number;
  /** DevEUI (or DevAddr while the DevEUI is unknown) / gateway EUI, lowercase hex. */
  hexId: string;
  devEui: string | null;
  devAddr: string | null;
  joinEui: string | null;
  /** The latest name the network server gave the asset (null while none said); absent in older documents. */
  name?: string | null;
  /** Devices: the latest name of their application. */
  applicationName?: string | null;
  vendor: string | null;
  connected: boolean;
  firstActivity: string | null;
  lastActivity: string | null;
  /** Gateways: the last reported position; devices: null. */
  latitude: number | null;
  longitude: number | null;
  /** Devices: the gateways that currently hear it. */
  gateways: string[];
  usage: DeviceUsage | GatewayUsage;
}

export const ASSETS: CollectionSpec = {
  name: 'assets',
  indexes: [
    { fields: ['numericId'], unique: true },
    { fields: ['organizationId', 'type'] },
    { fields: ['organizationId', 'type', 'lastActivity'] },
    { fields: ['dataSourceId'] },
  ],
};
