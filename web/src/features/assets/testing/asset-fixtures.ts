import { ALERT_TYPES } from '../../../lib/alerts/alert-fixtures';
import type { Asset360, AssetAlert, AssetIssue, InventoryAsset, ResourceUsage } from '../types/asset-360';

export const DEVICE_ID = 10831677721073;
export const GATEWAY_ID = 60881477691538;
export const SECOND_GATEWAY_ID = 216275525791900;

export function makeDevice(overrides: Partial<Asset360> = {}): Asset360 {
  return {
    id: DEVICE_ID,
    hex_id: '70b3d50aa200000a',
    dev_addr: '00db3692',
    type: 'device',
    name: 'Water meter 7',
    join_eui: '70b3d57ed0deb1ff',
    data_collector: 'Demo network',
    vendor: 'Wanco Inc',
    app_name: 'Metering',
    connected: true,
    last_activity: '2024-03-05 14:07:09+0000',
    first_activity: '2024-03-05 14:07:09+0000',
    location: { latitude: null, longitude: null },
    activity_freq: 32,
    importance: 'HIGH',
    npackets_up: 10,
    npackets_down: 2,
    npackets_lost: 1,
    max_rssi: -108,
    max_lsnr: 5.9,
    is_otaa: true,
    tags: [{ id: 4, name: 'basement', color: '#5d9cec' }],
    gateway_locations: [
      {
        [String(GATEWAY_ID)]: {
          name: null,
          hex_id: 'b827ebfffe8965a2',
          latitude: 52.350691,
          longitude: 4.931965,
        },
      },
      {
        [String(SECOND_GATEWAY_ID)]: {
          name: null,
          hex_id: 'b827ebfffe87ae4d',
          latitude: null,
          longitude: null,
        },
      },
    ],
    ...overrides,
  };
}

export function makeGateway(overrides: Partial<Asset360> = {}): Asset360 {
  return {
    ...makeDevice(),
    id: GATEWAY_ID,
    hex_id: 'b827ebfffe8965a2',
    dev_addr: null,
    type: 'gateway',
    name: null,
    join_eui: null,
    vendor: 'Raspberry Pi Foundation',
    app_name: null,
    connected: false,
    location: { latitude: 52.350691, longitude: 4.931965 },
    activity_freq: 0.53,
    importance: 'LOW',
    max_rssi: null,
    max_lsnr: null,
    is_otaa: null,
    tags: [],
    gateway_locations: null,
    ...overrides,
  };
}

export function makeUsage(overrides: Partial<ResourceUsage> = {}): ResourceUsage {
  return {
    id: DEVICE_ID,
    hex_id: '70b3d50aa200000a',
    type: 'Device',
    name: null,
    connected: true,
    last_activity: 1709647629,
    activity_freq: 32,
    packets_up: { total: 17, percentage: 85.04 },
    packets_down: { total: 2, percentage: 10 },
    packets_lost: { total: 1, percentage: 4.96 },
    max_rssi: -108,
    max_lsnr: 5.9,
    payload_size: 28,
    ngateways_connected_to: 2,
    ...overrides,
  };
}

export function makeGatewayUsage(id: number, hexId: string): ResourceUsage {
  return makeUsage({
    id,
    hex_id: hexId,
    type: 'Gateway',
    packets_lost: null,
    max_rssi: null,
    max_lsnr: null,
    payload_size: null,
    ngateways_connected_to: null,
  });
}

let nextAlertId = 500;

export function makeAssetAlert(overrides: Partial<AssetAlert> = {}, code = 'LAF-001'): AssetAlert {
  return {
    id: nextAlertId++,
    type: ALERT_TYPES.find((type) => type.code === code) ?? ALERT_TYPES[0],
    created_at: '2024-03-05 14:07:09+0000',
    device_id: DEVICE_ID,
    gateway_id: null,
    data_collector_id: 1,
    data_collector_name: 'Demo network',
    parameters: { dev_eui: '70b3d50aa200000a', gateway: 'b827ebfffe8965a2', dev_nonce: 77 },
    resolved_at: null,
    resolved_by_id: null,
    resolution_comment: null,
    asset_importance: 'HIGH',
    ...overrides,
  };
}

export function makeIssue(overrides: Partial<AssetIssue> = {}): AssetIssue {
  return {
    id: 9,
    since: '2024-03-05 13:00:00+0000',
    last_checked: '2024-03-05 14:00:00+0000',
    alert: makeAssetAlert({ id: 90 }),
    ...overrides,
  };
}

export function makeInventoryDevice(overrides: Partial<InventoryAsset> = {}): InventoryAsset {
  return {
    id: DEVICE_ID,
    hex_id: '70b3d50aa200000a',
    type: 'Device',
    name: null,
    vendor: 'Wanco Inc',
    importance: 'MEDIUM',
    connected: true,
    last_activity: 1709647629,
    tags: [],
    ...overrides,
  };
}
