import type { Alert, AlertType } from './alert';

let nextId = 1000;

export function makeAlert(overrides: Partial<Alert> = {}): Alert {
  const id = overrides.id ?? nextId++;
  return {
    id,
    type: 'LAF-001',
    created_at: '2024-03-05T14:07:09.000Z',
    device_id: 11,
    gateway_id: 21,
    data_collector_id: 3,
    data_collector_name: 'ChirpStack lab',
    parameters: {
      dev_eui: '70b3d57ed0000001',
      dev_addr: '26011bda',
      dev_name: 'Water meter 1',
      gateway: 'b827ebfffe000001',
      dev_nonce: 4242,
    },
    resolved_at: null,
    resolved_by: null,
    resolution_comment: null,
    asset_importance: 'HIGH',
    ...overrides,
  };
}

export const ALERT_TYPES: AlertType[] = [
  {
    id: 1,
    code: 'LAF-001',
    name: 'Possible Join replay attack',
    risk: 'MEDIUM',
    message: 'Repeated DevNonce {dev_nonce} from device {dev_eui}.',
    description: 'A JoinRequest reused a DevNonce.',
    technicalDescription: 'DevNonce reuse.',
    recommendedAction: 'Check the device for a replay attempt.',
    forAssetType: 'DEVICE',
    parameters: {},
  },
  {
    id: 2,
    code: 'LAF-400',
    name: 'New device',
    risk: 'INFO',
    message: 'New device {dev_eui} found.',
    description: 'A device was seen for the first time.',
    // No technical details and no action: the API then sends empty texts.
    technicalDescription: '',
    recommendedAction: '',
    forAssetType: 'DEVICE',
    parameters: {},
  },
];
