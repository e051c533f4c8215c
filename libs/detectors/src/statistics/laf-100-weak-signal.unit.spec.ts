import type { AlertDraft } from '@lorawatch/domain/alert';
import { alertId } from '../alert-draft';
import { GW_A, GW_B, GW_C, heardBy, policyWith, runDevice, uplink } from './testing/statistics-traffic';

const signal = (alert: AlertDraft) => ({
  code: alert.code,
  packetId: alert.packet.id,
  rssi: alert.parameters.rssi,
  lsnr: alert.parameters.lsnr,
});

describe('LAF-100 weak device signal', () => {
  const halfWeight = policyWith({ 'LAF-100': { minimum_rssi: -125, moving_average_weight: 0.5 } });

  it('given readings whose moving average falls below the minimum, then an alert with the averaged rssi', () => {
    const packets = [
      uplink(1, { at: 0, rssi: -120 }),
      uplink(2, { at: 60, rssi: -130 }),
      uplink(3, { at: 120, rssi: -130 }),
    ];
    const { alerts } = runDevice(packets, halfWeight);
    // Averages: -120, then 0.5·-120 + 0.5·-130 = -125 (not below), then 0.5·-125 + 0.5·-130 = -127.5.
    expect(alerts.map(signal)).toEqual([
      { code: 'LAF-100', packetId: packets[2].id, rssi: -127.5, lsnr: undefined },
    ]);
    expect(alerts[0]).toMatchObject({
      id: alertId('LAF-100', packets[2].id),
      createdAt: packets[2].date,
      devAddr: packets[2].devAddr,
    });
  });

  it('given one weak reading among good ones, then the long default average keeps it quiet', () => {
    const packets = [
      uplink(1, { at: 0, rssi: -110 }),
      uplink(2, { at: 60, rssi: -131 }),
      uplink(3, { at: 120, rssi: -110 }),
    ];
    expect(runDevice(packets).alerts).toEqual([]);
  });

  it('given a device weak at one gateway but strong at another, then no alert: the best link counts', () => {
    const packets = [1, 2, 3].flatMap((fCnt) => [
      uplink(fCnt, { at: fCnt * 60, gateway: GW_A, rssi: -131 }),
      uplink(fCnt, { at: fCnt * 60 + 0.2, gateway: GW_B, rssi: -100 }),
    ]);
    expect(runDevice(packets, halfWeight).alerts).toEqual([]);
  });

  it('given every gateway hearing the device weakly, then one alert per frame, not per copy', () => {
    const packets = [1, 2, 3].flatMap((fCnt) => heardBy(fCnt, fCnt * 60, [GW_A, GW_B, GW_C], { rssi: -128 }));
    const { alerts } = runDevice(packets, halfWeight);
    // The first frame is not judged: the other gateways had not reported it yet when it was counted.
    expect(alerts.map((alert) => alert.packet.id)).toEqual([packets[3].id, packets[6].id]);
  });
});
