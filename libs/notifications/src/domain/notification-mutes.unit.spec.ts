import { activeMutes, isMuted, withMute, withoutMute } from './notification-mutes';

const AT = '2026-05-01T10:00:00.000Z';
const alert = { code: 'LAF-001', deviceId: 42, gatewayId: 7 };

describe('notification mutes', () => {
  it('silence an alert of the muted type, device or gateway while they run', () => {
    for (const [kind, key] of [
      ['type', 'LAF-001'],
      ['device', '42'],
      ['gateway', '7'],
    ] as const) {
      const mutes = withMute([], kind, key, 60, AT);
      expect(isMuted(mutes, alert, AT)).toBe(true);
      expect(isMuted(mutes, alert, '2026-05-01T10:59:59.000Z')).toBe(true);
      expect(isMuted(mutes, alert, '2026-05-01T11:00:00.000Z')).toBe(false);
    }
  });

  it('leave other types and assets alone', () => {
    const mutes = withMute(withMute([], 'type', 'LAF-002', 60, AT), 'device', '43', 60, AT);
    expect(isMuted(mutes, alert, AT)).toBe(false);
    expect(isMuted(mutes, { code: 'LAF-001', deviceId: null, gatewayId: null }, AT)).toBe(false);
  });

  it('muting the same thing again sets its new end; unmuting and expiry drop it', () => {
    const once = withMute([], 'type', 'LAF-001', 60, AT);
    const again = withMute(once, 'type', 'LAF-001', 5, AT);
    expect(again).toEqual([{ kind: 'type', key: 'LAF-001', until: '2026-05-01T10:05:00.000Z' }]);
    expect(withoutMute(again, 'type', 'LAF-001', AT)).toEqual([]);
    expect(activeMutes(again, '2026-05-01T10:05:00.000Z')).toEqual([]);
    expect(activeMutes(undefined, AT)).toEqual([]);
  });

  it('keep the name an asset was muted by, also when the mute is extended without one', () => {
    const named = withMute([], 'device', '42', 60, AT, 'Water meter 1');
    expect(named).toEqual([
      { kind: 'device', key: '42', until: '2026-05-01T11:00:00.000Z', label: 'Water meter 1' },
    ]);
    expect(withMute(named, 'device', '42', 5, AT)[0].label).toBe('Water meter 1');
    expect(withMute(named, 'device', '42', 5, AT, 'Pump 2')[0].label).toBe('Pump 2');
  });
});
