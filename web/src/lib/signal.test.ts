import { signalStrength } from './signal';

describe('signal bands', () => {
  it.each([
    [-40, 'EXCELLENT', 5],
    [-50, 'EXCELLENT', 5],
    [-75, 'GREAT', 4],
    [-100, 'OKAY', 3],
    [-108, 'WEAK', 2],
    [-120, 'UNUSABLE', 1],
    [-121, 'DISCONNECTED', 0],
    [null, 'DISCONNECTED', 0],
  ])('%s dBm is %s', (rssi, name, bars) => {
    expect(signalStrength(rssi)).toEqual({ name, bars });
  });
});
