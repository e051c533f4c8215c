import {
  ALERT_CATALOGUE,
  ALERT_CODES,
  alertTypeByCode,
  isAlertCode,
  renderAlertMessage,
} from './alert-catalogue';

/** Slot names a template may use: common keys (docs/alert-catalogue.md §2.3) and each code's documented extras. */
const COMMON_SLOTS = [
  'packet_id',
  'packet_date',
  'dev_eui',
  'dev_name',
  'dev_addr',
  'gateway',
  'join_eui',
  'app_name',
];
const EXTRA_SLOTS: Record<string, string[]> = {
  'LAF-001': ['dev_nonce', 'prev_packet_id'],
  'LAF-002': ['old_dev_eui', 'new_dev_eui', 'prev_packet_id'],
  'LAF-003': ['dev_nonce', 'prev_packet_id', 'prev_packet_date', 'delay'],
  'LAF-004': ['counter', 'prev_packet_id', 'delay'],
  'LAF-005': ['counter', 'prev_packet_id', 'delay'],
  'LAF-006': ['counter', 'new_counter'],
  'LAF-007': ['counter', 'new_counter', 'prev_packet_id'],
  'LAF-009': ['packet_type_1', 'packet_type_2'],
  'LAF-010': ['old_latitude', 'old_longitude', 'new_latitude', 'new_longitude'],
  'LAF-011': ['counter', 'new_counter', 'prev_packet_id'],
  'LAF-100': ['rssi'],
  'LAF-101': ['packets_lost'],
  'LAF-102': ['lsnr'],
  'LAF-103': ['retransmissions'],
  'LAF-400': ['number_of_devices'],
  'LAF-401': ['last_activity', 'activity_freq'],
  'LAF-403': ['last_activity', 'activity_freq'],
  'LAF-600': ['alert_solved', 'date', 'resolution_reason'],
  'LAF-601': ['user_id', 'date'],
};

describe('alert catalogue', () => {
  it('lists every code of the table once, LAF-500 excluded, with ids 1.. in table order', () => {
    expect(ALERT_CATALOGUE.map((t) => t.code)).toEqual([...ALERT_CODES]);
    expect(ALERT_CATALOGUE.map((t) => t.id)).toEqual(ALERT_CATALOGUE.map((_t, i) => i + 1));
    expect(isAlertCode('LAF-500')).toBe(false);
    expect(alertTypeByCode('LAF-500')).toBeUndefined();
  });

  it('carries the final risks, issue flags and timeouts of the table', () => {
    const summary = Object.fromEntries(
      ALERT_CATALOGUE.map((t) => [t.code, `${t.risk} ${t.forAssetType} ${t.isIssue} ${t.quarantineTimeout}`]),
    );
    expect(summary).toMatchObject({
      'LAF-001': 'MEDIUM DEVICE false 0',
      'LAF-002': 'INFO DEVICE true 3600',
      'LAF-006': 'HIGH DEVICE true 604800',
      'LAF-009': 'HIGH DEVICE true 0',
      'LAF-010': 'MEDIUM GATEWAY true 0',
      'LAF-103': 'MEDIUM DEVICE true 86400',
      'LAF-400': 'INFO DEVICE false 0',
      'LAF-402': 'INFO GATEWAY false 0',
      'LAF-403': 'MEDIUM GATEWAY true 0',
      'LAF-404': 'LOW DEVICE true 1209600',
      'LAF-503': 'HIGH DEVICE false 0',
      'LAF-600': 'INFO LOOK_IN_ALERT_PARAMS false 0',
    });
  });

  it.each(ALERT_CATALOGUE.map((t) => [t.code, t] as const))(
    '%s: templates use known slots only',
    (code, type) => {
      const slots = [...type.message.matchAll(/\{([a-z0-9_]+)\}/g)].map((m) => m[1]);
      const allowed = [...COMMON_SLOTS, ...(EXTRA_SLOTS[code] ?? [])];
      expect(slots.filter((slot) => !allowed.includes(slot))).toEqual([]);
      expect(type.name.length).toBeGreaterThan(0);
      expect(type.description.length).toBeGreaterThan(0);
      expect(type.technicalDescription.length).toBeGreaterThan(0);
      expect(type.recommendedAction.length).toBeGreaterThan(0);
    },
  );

  it.each(ALERT_CATALOGUE.map((t) => [t.code, t] as const))(
    '%s: parameter defaults are valid',
    (_code, type) => {
      for (const schema of Object.values(type.parameters)) {
        if (schema.minimum !== undefined) expect(schema.default).toBeGreaterThanOrEqual(schema.minimum);
        if (schema.maximum !== undefined) expect(schema.default).toBeLessThanOrEqual(schema.maximum);
        if (schema.type === 'Integer') expect(Number.isInteger(schema.default)).toBe(true);
      }
    },
  );

  it('defines the LAF-003 duplicate delay and the documented defaults', () => {
    expect(alertTypeByCode('LAF-003').parameters.max_duplicate_delay).toMatchObject({
      type: 'Float',
      default: 10,
      minimum: 0,
      maximum: 300,
    });
    expect(alertTypeByCode('LAF-010').parameters.location_accuracy.default).toBe(50);
    expect(alertTypeByCode('LAF-100').parameters.minimum_rssi.default).toBe(-125);
    expect(Object.keys(alertTypeByCode('LAF-401').parameters)).toEqual([
      'disconnection_sensitivity',
      'min_activity_period',
      'deviation_tolerance',
      'moving_average_weight',
    ]);
  });

  it('renders messages, showing missing values as unknown', () => {
    expect(
      renderAlertMessage(alertTypeByCode('LAF-001').message, {
        dev_eui: '0101010101010101',
        dev_nonce: 5783,
        prev_packet_id: null,
      }),
    ).toBe('Device 0101010101010101 sent a join request with DevNonce 5783, already used in packet unknown.');
  });
});
