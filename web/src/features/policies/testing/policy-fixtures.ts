import type { Policy } from '../types/policy';

/** A policy as the API answers it: LAF-009 (keys), a Float and an Integer parameter. */
export function makePolicy(overrides: Partial<Policy> = {}): Policy {
  return {
    id: 1,
    name: 'Default',
    isDefault: true,
    items: [
      {
        id: 9,
        enabled: true,
        alertTypeCode: 'LAF-009',
        parameters: {},
        alertType: { name: 'Device AppKey guessed', risk: 'HIGH', description: 'Weak key.', parameters: {} },
      },
      {
        id: 10,
        enabled: true,
        alertTypeCode: 'LAF-010',
        parameters: { location_accuracy: 50 },
        alertType: {
          name: 'Gateway moved',
          risk: 'MEDIUM',
          description: 'A gateway moved.',
          parameters: {
            location_accuracy: {
              type: 'Float',
              default: 50,
              minimum: 0,
              maximum: 1000000,
              description: 'Metres.',
            },
          },
        },
      },
      {
        id: 13,
        enabled: false,
        alertTypeCode: 'LAF-101',
        parameters: { time_window: 24 },
        alertType: {
          name: 'Device messages being lost',
          risk: 'LOW',
          description: 'Lost messages.',
          parameters: {
            time_window: { type: 'Integer', default: 24, minimum: 1, maximum: 24, description: 'Hours.' },
          },
        },
      },
    ],
    dataCollectors: [{ id: 1, name: 'Demo network' }],
    ...overrides,
  };
}
