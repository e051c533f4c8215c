import { packetFromPhy } from '@lorawatch/detectors/testing/packet-factory';
import type { Packet } from '@lorawatch/domain/packet';
import { buildDataDown, buildDataUp } from '@lorawatch/lorawan/build-frames';
import type { WriteOp } from '@lorawatch/read-store/read-store.port';
import { recentPacketOps } from './recent-packets';
import { deviceDayIds, tallyTraffic, trafficBucket } from './tally-traffic';
import type { DeviceDay } from './traffic.view';

const KEYS = { nwkSKey: Buffer.alloc(16, 1), appSKey: Buffer.alloc(16, 2) };

function up(devAddr: string, fCnt: number, date: string, overrides: Partial<Packet> = {}): Packet {
  const phy = buildDataUp({ ...KEYS, devAddr, fCnt, fPort: 1, payload: Buffer.from([fCnt]) });
  return packetFromPhy(phy, { date, receivedAt: date, dataSourceId: 3, ...overrides });
}

function down(devAddr: string, fCnt: number, date: string): Packet {
  const phy = buildDataDown({ ...KEYS, devAddr, fCnt, fPort: 1, payload: Buffer.from([fCnt]) });
  return packetFromPhy(phy, { date, receivedAt: date, dataSourceId: 3 });
}

/** Applies inc / upsert ops the way the read store does, to read the counters as documents. */
function apply(ops: WriteOp[], into = new Map<string, Record<string, unknown>>()) {
  for (const op of ops) {
    const key = `${op.collection}/${op.op === 'upsert' ? op.doc.id : 'id' in op ? op.id : ''}`;
    if (op.op === 'upsert') into.set(key, { ...op.doc });
    if (op.op === 'inc') {
      const doc = into.get(key) ?? { id: op.id, ...op.setOnInsert };
      for (const [field, by] of Object.entries(op.inc)) doc[field] = Number(doc[field] ?? 0) + by;
      into.set(key, doc);
    }
  }
  return into;
}

function storedDeviceDays(documents: Map<string, Record<string, unknown>>): Map<string, DeviceDay> {
  const days = new Map<string, DeviceDay>();
  for (const [key, doc] of documents) {
    if (key.startsWith('traffic_device_days/')) days.set(String(doc.id), doc as unknown as DeviceDay);
  }
  return days;
}

describe('traffic tally', () => {
  it('buckets on the packet date in UTC, falling back to the receive time', () => {
    expect(trafficBucket({ date: '2024-03-01T23:59:59.999+02:00', receivedAt: '' })).toEqual({
      hour: '2024-03-01T21:00:00.000Z',
      day: '2024-03-01',
      hourOfDay: 21,
    });
    expect(trafficBucket({ date: 'garbage', receivedAt: '2024-03-02T00:00:00.000Z' })?.hour).toBe(
      '2024-03-02T00:00:00.000Z',
    );
    expect(trafficBucket({ date: 'garbage', receivedAt: 'also garbage' })).toBeNull();
  });

  it('counts packets up and down per hour, and each uplinking device once per hour and once per day', () => {
    const packets = [
      up('26000001', 1, '2024-03-01T10:05:00.000Z'),
      up('26000001', 2, '2024-03-01T10:55:00.000Z'),
      up('26000002', 1, '2024-03-01T10:59:59.999Z'),
      down('26000003', 1, '2024-03-01T10:30:00.000Z'),
      up('26000001', 3, '2024-03-01T11:00:00.000Z'),
    ];
    const docs = apply(tallyTraffic(packets, new Map(), '2024-02-01'));
    expect(docs.get('traffic_hours/3:2024-03-01T10:00:00.000Z')).toMatchObject({
      packets: 4,
      packetsUp: 3,
      packetsDown: 1,
      devices: 2,
      organizationId: 1,
      dataSourceId: 3,
      hour: '2024-03-01T10:00:00.000Z',
    });
    expect(docs.get('traffic_hours/3:2024-03-01T11:00:00.000Z')).toMatchObject({ packets: 1, devices: 1 });
    expect(docs.get('traffic_days/3:2024-03-01')).toMatchObject({ devices: 2, day: '2024-03-01' });
  });

  it('does not count a device again in a later batch of the same hour or day, but does in a new hour', () => {
    const first = [up('26000001', 1, '2024-03-01T10:05:00.000Z')];
    const docs = apply(tallyTraffic(first, new Map(), '2024-02-01'));
    const later = [
      up('26000001', 2, '2024-03-01T10:45:00.000Z'),
      up('26000001', 3, '2024-03-01T13:00:00.000Z'),
    ];
    expect(deviceDayIds(later)).toEqual(['3:26000001:2024-03-01']);
    apply(tallyTraffic(later, storedDeviceDays(docs), '2024-02-01'), docs);
    expect(docs.get('traffic_hours/3:2024-03-01T10:00:00.000Z')).toMatchObject({ packets: 2, devices: 1 });
    expect(docs.get('traffic_hours/3:2024-03-01T13:00:00.000Z')).toMatchObject({ packets: 1, devices: 1 });
    expect(docs.get('traffic_days/3:2024-03-01')).toMatchObject({ devices: 1 });
    expect(docs.get('traffic_device_days/3:26000001:2024-03-01')).toMatchObject({
      hours: (1 << 10) | (1 << 13),
    });
  });

  it('keeps data sources apart and identifies a device by DevEUI before DevAddr', () => {
    const packets = [
      up('26000001', 1, '2024-03-01T10:00:00.000Z', { devEui: '0004a30b001c0001' }),
      up('26000009', 1, '2024-03-01T10:01:00.000Z', { devEui: '0004a30b001c0001' }),
      up('26000001', 2, '2024-03-01T10:02:00.000Z', { dataSourceId: 4 }),
    ];
    expect(deviceDayIds(packets).sort()).toEqual(['3:0004a30b001c0001:2024-03-01', '4:26000001:2024-03-01']);
    const docs = apply(tallyTraffic(packets, new Map(), '2024-02-01'));
    expect(docs.get('traffic_hours/3:2024-03-01T10:00:00.000Z')).toMatchObject({ packets: 2, devices: 1 });
    expect(docs.get('traffic_hours/4:2024-03-01T10:00:00.000Z')).toMatchObject({ packets: 1, devices: 1 });
  });

  it('leaves out packets older than the retention start and writes nothing for an empty batch', () => {
    expect(tallyTraffic([up('26000001', 1, '2024-01-31T23:59:59.999Z')], new Map(), '2024-02-01')).toEqual(
      [],
    );
    expect(tallyTraffic([], new Map(), '2024-02-01')).toEqual([]);
  });
});

describe('recent packets ring', () => {
  it('writes each packet to the next slot of its data source and wraps around at capacity', () => {
    const packets = [1, 2, 3].map((n) => up('26000001', n, `2024-03-01T10:0${n}:00.000Z`));
    const ops = recentPacketOps(packets, new Map([[3, 4]]), 5);
    const docs = apply(ops);
    expect([...docs.keys()].sort()).toEqual([
      'recent_packet_cursors/3',
      'recent_packets/3:0',
      'recent_packets/3:1',
      'recent_packets/3:4',
    ]);
    expect(docs.get('recent_packets/3:0')).toMatchObject({ sequence: 5, date: '2024-03-01T10:02:00.000Z' });
    expect(docs.get('recent_packet_cursors/3')).toEqual({ id: '3', next: 7 });
  });
});
