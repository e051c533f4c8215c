import { defaultPolicyItems, PolicyView } from './policy';

describe('PolicyView', () => {
  it('enables a code that has no item, as the engine does', () => {
    const view = new PolicyView([]);
    expect(view.isEnabled('LAF-003')).toBe(true);
    expect(view.parameters('LAF-003')).toEqual({ max_duplicate_delay: 10 });
  });

  it('fills missing and unusable values from the catalogue defaults', () => {
    const view = new PolicyView([
      {
        alertTypeCode: 'LAF-100',
        enabled: false,
        parameters: { minimum_rssi: -110, moving_average_weight: NaN },
      },
    ]);
    expect(view.isEnabled('LAF-100')).toBe(false);
    expect(view.parameters('LAF-100')).toEqual({ minimum_rssi: -110, moving_average_weight: 0.9 });
    expect(view.parameter('LAF-100', 'minimum_rssi')).toBe(-110);
    expect(() => view.parameter('LAF-100', 'nope')).toThrow(RangeError);
  });

  it('ignores parameters the alert type does not define', () => {
    const view = new PolicyView([{ alertTypeCode: 'LAF-001', enabled: true, parameters: { stray: 1 } }]);
    expect(view.parameters('LAF-001')).toEqual({});
  });
});

describe('defaultPolicyItems', () => {
  it('is the seeded Default policy', () => {
    const view = new PolicyView(defaultPolicyItems());
    expect(defaultPolicyItems().map((i) => i.alertTypeCode)).toEqual([
      'LAF-001',
      'LAF-002',
      'LAF-006',
      'LAF-007',
      'LAF-009',
      'LAF-010',
      'LAF-011',
      'LAF-400',
      'LAF-401',
    ]);
    expect(view.isEnabled('LAF-002')).toBe(false);
    expect(view.isEnabled('LAF-001')).toBe(true);
    expect(view.isEnabled('LAF-402')).toBe(true);
    expect(view.parameters('LAF-010')).toEqual({ location_accuracy: 50 });
    expect(view.parameters('LAF-401').disconnection_sensitivity).toBe(0.05);
  });
});
