import type { AlertDraft } from '@lorawatch/domain/alert';
import { alertTypeByCode } from '@lorawatch/domain/alert-catalogue';
import { policyWith, runDevice, uplink } from './testing/statistics-traffic';

const signal = (alert: AlertDraft) => ({
  code: alert.code,
  packetId: alert.packet.id,
  rssi: alert.parameters.rssi,
  lsnr: alert.parameters.lsnr,
});

describe('LAF-102 poor signal-to-noise ratio', () => {
  const policy = policyWith({ 'LAF-102': { minimum_lsnr: -15, moving_average_weight: 0.5 } });

  it('given an averaged SNR below the minimum, then an alert with lsnr, which its message renders', () => {
    const packets = [uplink(1, { at: 0, lsnr: -14 }), uplink(2, { at: 60, lsnr: -18 })];
    const { alerts } = runDevice(packets, policy);
    expect(alerts.map(signal)).toEqual([
      { code: 'LAF-102', packetId: packets[1].id, rssi: undefined, lsnr: -16 },
    ]);
    expect(alertTypeByCode('LAF-102').message).toContain('{lsnr}');
  });

  it('given an SNR at the minimum, then no alert', () => {
    const packets = [uplink(1, { at: 0, lsnr: -15 }), uplink(2, { at: 60, lsnr: -15 })];
    expect(runDevice(packets, policy).alerts).toEqual([]);
  });

  it('given frames without SNR, then the known average stands', () => {
    const packets = [
      uplink(1, { at: 0, lsnr: -16 }),
      uplink(2, { at: 60, lsnr: null }),
      uplink(3, { at: 120, lsnr: null }),
    ];
    expect(runDevice(packets, policy).alerts.map(signal)).toEqual([
      { code: 'LAF-102', packetId: packets[1].id, rssi: undefined, lsnr: -16 },
      { code: 'LAF-102', packetId: packets[2].id, rssi: undefined, lsnr: -16 },
    ]);
  });
});
