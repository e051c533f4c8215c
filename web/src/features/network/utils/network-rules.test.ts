import { networkFilterParams } from '../api/network-api';
import { NO_NETWORK_FILTERS } from '../types/network';
import { frequency, percent } from './format';
import { bandRange, detailedSignalBand, signalBand, signalBounds, signalLabel } from './signal';

describe('network overview rules', () => {
  it.each([
    [-40, 'EXCELLENT', 'EXCELLENT'],
    [-50, 'EXCELLENT', 'EXCELLENT'],
    [-51, 'GREAT', 'GREAT'],
    [-75, 'GREAT', 'GREAT'],
    [-100, 'OKAY', 'OKAY'],
    [-105, 'WEAK', 'WEAK'],
    [-120, 'UNUSABLE', 'VERY WEAK'],
    [-121, 'DISCONNECTED', 'UNUSABLE'],
    [null, 'DISCONNECTED', 'UNUSABLE'],
  ])('reads %s dBm as %s (detailed: %s)', (rssi, band, detailed) => {
    expect(signalBand(rssi)).toBe(band);
    expect(detailedSignalBand(rssi)).toBe(detailed);
  });

  it('labels the slider: -150 is -Inf and anything above -50 reads 0', () => {
    expect(signalLabel(-150)).toBe('-Inf');
    expect(signalLabel(-120)).toBe('-120');
    expect(signalLabel(-50)).toBe('-50');
    expect(signalLabel(-45)).toBe('0');
    expect(signalLabel(0)).toBe('0');
  });

  it('sends no signal or loss bound for the full ranges', () => {
    const params = networkFilterParams(NO_NETWORK_FILTERS);
    expect(params.min_signal_strength).toBeUndefined();
    expect(params.max_signal_strength).toBeUndefined();
    expect(params.min_packet_loss).toBeUndefined();
    expect(params.max_packet_loss).toBeUndefined();
  });

  it('maps slider ranges to API bounds', () => {
    expect(signalBounds([-150, -100])).toEqual({ min: undefined, max: -100 });
    expect(signalBounds([-120, 0])).toEqual({ min: -120, max: undefined });
    const params = networkFilterParams({ ...NO_NETWORK_FILTERS, packetLoss: [20, 100], signal: [-110, -75] });
    expect(params).toMatchObject({
      min_packet_loss: 20,
      max_packet_loss: 101,
      min_signal_strength: -110,
      max_signal_strength: -75,
    });
  });

  it('clamps the server signal bands to the slider', () => {
    expect(bandRange({ min_signal_strength: -10000, max_signal_strength: -120 })).toEqual([-150, -120]);
    expect(bandRange({ min_signal_strength: -50, max_signal_strength: 1 })).toEqual([-50, 0]);
  });

  it('formats percentages to one decimal and frequencies in readable units', () => {
    expect(percent(66.666)).toBe('66.7%');
    expect(percent(null)).toBe('-');
    expect(frequency(10.72)).toBe('10.7 s');
    expect(frequency(150)).toBe('2.5 min');
    expect(frequency(7200)).toBe('2.0 h');
  });
});
