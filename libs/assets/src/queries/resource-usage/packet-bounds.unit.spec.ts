import { packetFromPhy } from '@lorawatch/detectors/testing/packet-factory';
import { buildDataUp } from '@lorawatch/lorawan/build-frames';
import { packetBounds } from './packet-bounds';

const frame = (date: string, rssi: number | null) =>
  packetFromPhy(
    buildDataUp({
      nwkSKey: Buffer.alloc(16, 1),
      appSKey: Buffer.alloc(16, 2),
      devAddr: '26011f0a',
      fCnt: 1,
      fPort: 1,
      payload: Buffer.from([1]),
    }),
    { date, receivedAt: date, rssi },
  );

describe('the packets of a network overview detail', () => {
  const early = frame('2026-01-10T08:00:00.000Z', -70);
  const onTime = frame('2026-01-10T09:00:00.000Z', -90);
  const late = frame('2026-01-10T09:00:00.001Z', -70);

  it('keeps every packet live, and only those of the moment or earlier as at a past time', () => {
    const live = packetBounds({}, undefined);
    expect([early, onTime, late].filter(live)).toEqual([early, onTime, late]);
    const past = packetBounds({}, '2026-01-10T09:00:00.000Z');
    expect([early, onTime, late].filter(past)).toEqual([early, onTime]);
  });

  it('applies the signal bounds as well as the moment', () => {
    const strong = packetBounds({ min_rssi: -80 }, '2026-01-10T09:00:00.000Z');
    expect([early, onTime, late].filter(strong)).toEqual([early]);
    expect([frame('2026-01-10T08:00:00.000Z', null)].filter(strong)).toEqual([]);
  });
});
