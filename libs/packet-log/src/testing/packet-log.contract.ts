import { packetKey, type Packet } from '@lorawatch/domain/packet';
import { GroupAppender } from '../group-appender';
import {
  entryOf,
  heartbeatId,
  isPacketRecord,
  type AppendOutcome,
  type Heartbeat,
  type LogRecord,
  type PacketLog,
  type PacketRecord,
} from '../packet-log.port';

/** One log under test (at least 2 partitions); every open() is another connection to the same data. */
export interface PacketLogFixture {
  open(): Promise<PacketLog>;
  /** Closes every connection opened through the fixture and deletes the data. */
  dispose(): Promise<void>;
}

export interface ContractOptions {
  /** Set when the engine is unavailable: the suite is reported as skipped with this reason. */
  skipReason?: string;
}

export function samplePacket(id: string, devEui: string, overrides: Partial<Packet> = {}): Packet {
  return {
    id,
    organizationId: 1,
    dataSourceId: 7,
    source: 'chirpstack_v4_collector',
    date: '2024-05-01T10:00:00.000Z',
    receivedAt: '2024-05-01T10:00:00.120Z',
    topic: `application/1/device/${devEui}/event/up`,
    direction: 'up',
    data: 'QAEAAAAAAQABAgMEBQ==',
    size: 14,
    mType: 'UnconfirmedDataUp',
    major: 0,
    gateway: 'aa555a0000000101',
    devEui,
    joinEui: null,
    devNonce: null,
    devAddr: '00000001',
    fCount: 1,
    fPort: 1,
    mic: '01020304',
    devEuiInferred: false,
    rssi: -80,
    lsnr: 7.5,
    frequency: 868100000,
    spreadingFactor: 7,
    bandwidth: 125000,
    codeRate: '4/5',
    tmst: 123456,
    crcOk: true,
    latitude: null,
    longitude: null,
    altitude: null,
    ...overrides,
  };
}

export function sampleHeartbeat(at: string, connected = true): Heartbeat {
  return { kind: 'heartbeat', id: heartbeatId(7, at), organizationId: 1, dataSourceId: 7, at, connected };
}

/** Packets for `devices` devices, `perDevice` each, ids "<device>-<n>", interleaved by device. */
function traffic(devices: number, perDevice: number): Packet[] {
  const packets: Packet[] = [];
  for (let n = 0; n < perDevice; n += 1) {
    for (let d = 0; d < devices; d += 1) packets.push(samplePacket(`dev${d}-${n}`, `70b3d57ed00000${d}`));
  }
  return packets;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Collects what a consumer receives; checks each batch is one partition, in offset order. */
function recorder(): {
  records: LogRecord[];
  handler: (batch: LogRecord[], c: { partition: number }) => Promise<void>;
} {
  const records: LogRecord[] = [];
  return {
    records,
    handler: async (batch, context) => {
      for (const [index, record] of batch.entries()) {
        expect(record.partition).toBe(context.partition);
        if (index > 0) expect(record.offset).toBeGreaterThan(batch[index - 1].offset);
      }
      records.push(...batch);
    },
  };
}

const ids = (records: LogRecord[]): string[] => records.map((record) => entryOf(record).id).sort();

/** The behaviour every PacketLog adapter must have (Kafka semantics). */
export function packetLogContract(
  name: string,
  createFixture: () => Promise<PacketLogFixture>,
  options: ContractOptions = {},
): void {
  const describeOrSkip = options.skipReason ? describe.skip : describe;
  // Straight to stdout: jest keeps the console output of a suite whose tests are all skipped to itself.
  if (options.skipReason) process.stdout.write(`skipped: ${name}: ${options.skipReason}\n`);
  const title = options.skipReason ? `${name} (skipped: ${options.skipReason})` : name;

  describeOrSkip(`PacketLog contract: ${title}`, () => {
    let fixture: PacketLogFixture;
    let log: PacketLog;

    beforeEach(async () => {
      fixture = await createFixture();
      log = await fixture.open();
    });

    afterEach(async () => {
      await fixture.dispose();
    });

    describe('partitions and offsets', () => {
      it('maps a key to the same partition every time and on every connection', async () => {
        const other = await fixture.open();
        const keys = Array.from({ length: 40 }, (_, index) => `7:70b3d57ed0000${index}`);
        const partitions = keys.map((key) => log.partitionFor(key));

        expect(keys.map((key) => log.partitionFor(key))).toEqual(partitions);
        expect(keys.map((key) => other.partitionFor(key))).toEqual(partitions);
        expect(partitions.every((p) => Number.isInteger(p) && p >= 0 && p < log.partitions)).toBe(true);
        expect(new Set(partitions).size).toBeGreaterThan(1);
      });

      it("appends a packet to its key's partition with consecutive offsets from 0", async () => {
        const packets = traffic(6, 3);
        const outcomes = await log.append(packets);

        const nextOffset = new Array<number>(log.partitions).fill(0);
        packets.forEach((packet, index) => {
          const partition = log.partitionFor(packetKey(packet));
          expect(outcomes[index]).toEqual({ appended: true, partition, offset: nextOffset[partition] });
          nextOffset[partition] += 1;
        });
        expect(await log.endOffsets()).toEqual(nextOffset);
      });

      it('reads records of a partition from an offset, with key, timestamp and packet', async () => {
        const packets = [1, 2, 3, 4].map((n) => samplePacket(`p${n}`, '70b3d57ed0000001', { fCount: n }));
        const before = new Date().toISOString();
        const [first] = await log.append(packets);

        const records = (await log.read(first.partition, 1, 2)).filter(isPacketRecord);
        expect(records.map((r) => [r.offset, r.packet.fCount])).toEqual([
          [1, 2],
          [2, 3],
        ]);
        expect(records[0]).toMatchObject({ partition: first.partition, key: '7:70b3d57ed0000001' });
        expect(records[0].packet).toEqual(packets[1]);
        expect(records[0].timestamp >= before).toBe(true);
        expect(new Date(records[0].timestamp).toISOString()).toBe(records[0].timestamp);
        expect(await log.read(first.partition, 4, 10)).toEqual([]);
      });

      it('does not write a re-delivered packet again and returns where it is', async () => {
        const packet = samplePacket('same-id', '70b3d57ed0000001');
        const [first] = await log.append([packet]);
        const ends = await log.endOffsets();

        expect(await log.append([packet, { ...packet, rssi: -120 }])).toEqual([
          { ...first, appended: false },
          { ...first, appended: false },
        ]);
        expect(await log.endOffsets()).toEqual(ends);
        expect((await log.getById('same-id'))?.rssi).toBe(-80);
      });

      it('finds a packet by id', async () => {
        const packet = samplePacket('find-me', '70b3d57ed0000009');
        await log.append([packet]);
        expect(await log.getById('find-me')).toEqual(packet);
        expect(await log.getById('unknown')).toBeNull();
      });

      it('keeps heartbeats in order with the packets, in one partition per data source, never as packets', async () => {
        const beats = [
          sampleHeartbeat('2024-05-01T10:01:00.000Z'),
          sampleHeartbeat('2024-05-01T10:02:00.000Z', false),
        ];
        const outcomes = await log.append([beats[0], samplePacket('between', '70b3d57ed0000001'), beats[1]]);
        expect(outcomes[2].partition).toBe(outcomes[0].partition);
        expect(outcomes[2].offset).toBeGreaterThan(outcomes[0].offset);
        expect(outcomes[0].partition).toBe(log.partitionFor('7:heartbeat'));

        const records = await log.read(outcomes[0].partition, outcomes[0].offset, 10);
        const stored = records.filter((record) => !isPacketRecord(record));
        expect(stored).toEqual([
          expect.objectContaining({ offset: outcomes[0].offset, key: '7:heartbeat', heartbeat: beats[0] }),
          expect.objectContaining({ offset: outcomes[2].offset, key: '7:heartbeat', heartbeat: beats[1] }),
        ]);
        // A re-delivered heartbeat is recognised by its id; it is never returned as a packet.
        expect(await log.append([beats[0]])).toEqual([{ ...outcomes[0], appended: false }]);
        expect(await log.getById(beats[0].id)).toBeNull();
        expect(await log.getById('between')).toMatchObject({ id: 'between' });
      });
    });

    describe('batches', () => {
      it('writes a large batch at once: each packet placed in order, copies placed at their first copy', async () => {
        const [earlier] = await log.append([samplePacket('earlier', '70b3d57ed0000001')]);
        const fresh = traffic(10, 30);
        const batch = [
          ...fresh.slice(0, 150),
          samplePacket('earlier', '70b3d57ed0000001', { rssi: -120 }),
          { ...fresh[7], rssi: -121 },
          ...fresh.slice(150),
        ];
        const outcomes = await log.append(batch);

        expect(outcomes).toHaveLength(batch.length);
        expect(outcomes[150]).toEqual({ ...earlier, appended: false });
        expect(outcomes[151]).toEqual({ ...outcomes[7], appended: false });
        const nextOffset = new Array<number>(log.partitions).fill(0);
        nextOffset[earlier.partition] = 1;
        const written = outcomes.filter((_, index) => index !== 150 && index !== 151);
        fresh.forEach((packet, index) => {
          const partition = log.partitionFor(packetKey(packet));
          expect(written[index]).toEqual({ appended: true, partition, offset: nextOffset[partition] });
          nextOffset[partition] += 1;
        });
        expect(await log.endOffsets()).toEqual(nextOffset);
        const stored = await readEverything(log);
        expect(stored).toHaveLength(fresh.length + 1);
        expect(stored.find((record) => record.packet.id === fresh[7].id)?.packet.rssi).toBe(-80);
      });

      it('a GroupAppender writes concurrent requests in one append and answers each with its own outcomes', async () => {
        const appends: number[] = [];
        const grouped = new GroupAppender({
          append: (packets) => {
            appends.push(packets.length);
            return log.append(packets);
          },
        });
        const requests = Array.from({ length: 40 }, (_, n) =>
          [n, n + 40].map((m) => samplePacket(`g${m}`, `70b3d57ed00000${m % 7}`)),
        );
        // A re-delivery of request 3's first packet, in a later request of the same group.
        requests.push([{ ...requests[3][0], rssi: -119 }]);
        const answers = await Promise.all(requests.map((packets) => grouped.append(packets)));

        expect(appends).toEqual([81]);
        const places = new Map<string, AppendOutcome>();
        answers.slice(0, 40).forEach((outcomes, index) => {
          expect(outcomes).toHaveLength(2);
          outcomes.forEach((outcome, position) => {
            const packet = requests[index][position];
            expect(outcome).toMatchObject({ appended: true, partition: log.partitionFor(packetKey(packet)) });
            places.set(packet.id, outcome);
          });
        });
        expect(answers[40]).toEqual([{ ...places.get(requests[3][0].id), appended: false }]);
        const stored = await readEverything(log);
        expect(stored).toHaveLength(80);
        for (const record of stored) {
          expect(places.get(record.packet.id)).toEqual({
            appended: true,
            partition: record.partition,
            offset: record.offset,
          });
        }
      });
    });

    describe('consumer groups', () => {
      it('delivers every record once per group, then live appends, committing offsets', async () => {
        await log.append(traffic(5, 4));
        const received = recorder();
        const consumer = log.consume({ group: 'detectors', maxBatch: 3 }, received.handler);

        await consumer.drained();
        expect(ids(received.records)).toEqual(ids(await readEverything(log)));
        expect(received.records).toHaveLength(20);
        expect(await log.committedOffsets('detectors')).toEqual(await log.endOffsets());

        await log.append([
          samplePacket('live-1', '70b3d57ed0000001'),
          samplePacket('live-2', '70b3d57ed0000002'),
        ]);
        await consumer.drained();
        expect(received.records).toHaveLength(22);
        expect(ids(received.records.slice(20))).toEqual(['live-1', 'live-2']);
        await consumer.stop();
      });

      it('resumes a group from its committed offsets; another group starts at 0', async () => {
        await log.append(traffic(4, 2));
        const first = recorder();
        const consumer = log.consume({ group: 'g1' }, first.handler);
        await consumer.drained();
        await consumer.stop();

        await log.append(traffic(4, 3).slice(8));
        const resumed = recorder();
        const again = log.consume({ group: 'g1' }, resumed.handler);
        await again.drained();
        expect(ids(resumed.records)).toEqual(
          traffic(4, 3)
            .slice(8)
            .map((packet) => packet.id)
            .sort(),
        );

        const fresh = recorder();
        const other = (await fixture.open()).consume({ group: 'g2' }, fresh.handler);
        await other.drained();
        expect(fresh.records).toHaveLength(12);
        await Promise.all([again.stop(), other.stop()]);
      });

      it('does not commit a batch whose handler throws, so it is delivered again (at-least-once)', async () => {
        await log.append(traffic(3, 2));
        const failing = log.consume({ group: 'g' }, async () => {
          throw new Error('detector crashed');
        });

        await expect(failing.drained()).rejects.toThrow('detector crashed');
        await failing.stop();
        expect(await log.committedOffsets('g')).toEqual(new Array<number>(log.partitions).fill(0));

        const received = recorder();
        const retry = log.consume({ group: 'g' }, received.handler);
        await retry.drained();
        expect(received.records).toHaveLength(6);
        await retry.stop();
      });

      it('finishes the current batch on stop and commits it', async () => {
        const [first] = await log.append([samplePacket('slow', '70b3d57ed0000001')]);
        let started!: () => void;
        const handlerStarted = new Promise<void>((resolve) => (started = resolve));
        let finished = false;
        const consumer = log.consume({ group: 'g' }, async () => {
          started();
          await sleep(30);
          finished = true;
        });

        await handlerStarted;
        await consumer.stop();
        expect(finished).toBe(true);
        expect((await log.committedOffsets('g'))[first.partition]).toBe(1);
      });

      it('consumes only the partitions it owns', async () => {
        await log.append(traffic(8, 2));
        const owned = [0];
        const received = recorder();
        const consumer = log.consume({ group: 'g', partitions: owned }, received.handler);

        await consumer.drained();
        const ends = await log.endOffsets();
        expect(ends[0]).toBeGreaterThan(0);
        expect(received.records).toHaveLength(ends[0]);
        expect(received.records.every((record) => record.partition === 0)).toBe(true);
        expect((await log.committedOffsets('g')).slice(1).every((offset) => offset === 0)).toBe(true);
        await consumer.stop();
      });

      it('starts from an explicitly committed offset', async () => {
        const outcomes = await log.append([1, 2, 3].map((n) => samplePacket(`c${n}`, '70b3d57ed0000001')));
        const { partition } = outcomes[0];
        await log.commit('g', partition, 2);
        expect((await log.committedOffsets('g'))[partition]).toBe(2);

        const received = recorder();
        const consumer = log.consume({ group: 'g', partitions: [partition] }, received.handler);
        await consumer.drained();
        expect(ids(received.records)).toEqual(['c3']);
        await consumer.stop();
      });

      it('sees appends made through another connection', async () => {
        const writer = await fixture.open();
        const received = recorder();
        const consumer = log.consume({ group: 'g' }, received.handler);
        await consumer.drained();

        await writer.append([samplePacket('remote', '70b3d57ed0000001')]);
        await consumer.drained();
        expect(ids(received.records)).toEqual(['remote']);
        await consumer.stop();
      });
    });

    describe('retention', () => {
      it('prunes records older than a time, keeping offsets and newer records', async () => {
        const [old] = await log.append([samplePacket('old', '70b3d57ed0000001')]);
        await sleep(5);
        const cutoff = new Date().toISOString();
        await sleep(5);
        const [recent] = await log.append([samplePacket('recent', '70b3d57ed0000001')]);
        const ends = await log.endOffsets();

        expect(await log.prune(cutoff)).toBe(1);
        expect(await log.getById('old')).toBeNull();
        expect(await log.getById('recent')).not.toBeNull();
        expect((await log.read(old.partition, 0, 10)).map((r) => r.offset)).toEqual([recent.offset]);
        expect(await log.endOffsets()).toEqual(ends);
      });

      it('keeps the append times it is given (a migrated copy), which reads and prune then see', async () => {
        const original = ['2024-05-01T10:00:00.250Z', '2024-05-02T11:30:00.000Z'];
        const packets = [
          samplePacket('copied-1', '70b3d57ed0000001'),
          samplePacket('copied-2', '70b3d57ed0000001'),
        ];
        const outcomes = await log.append(packets, { timestamps: original });
        const before = Date.now() - 1_000;
        const [now] = await log.append([samplePacket('appended-now', '70b3d57ed0000001')]);

        const records = await log.read(outcomes[0].partition, outcomes[0].offset, 3);
        expect(records.map((record) => record.timestamp)).toEqual([...original, expect.any(String)]);
        expect(Date.parse(records[2].timestamp)).toBeGreaterThanOrEqual(before);
        // Older than a day after the first copy: the first copy only, by its original time.
        expect(await log.prune('2024-05-02T00:00:00.000Z')).toBe(1);
        expect((await log.read(now.partition, 0, 10)).map((record) => entryOf(record).id)).toEqual([
          'copied-2',
          'appended-now',
        ]);
        await expect(
          log.append([samplePacket('bad-time', '70b3d57ed0000001')], { timestamps: ['yesterday'] }),
        ).rejects.toThrow(RangeError);
        await expect(
          log.append([samplePacket('bad-count', '70b3d57ed0000001')], { timestamps: [] }),
        ).rejects.toThrow(RangeError);
      });

      it('never reuses offsets after pruning a whole partition, and consumers move past the gap', async () => {
        const [first] = await log.append([samplePacket('a', '70b3d57ed0000001')]);
        expect(await log.prune(new Date(Date.now() + 60_000).toISOString())).toBe(1);

        const [second] = await log.append([samplePacket('b', '70b3d57ed0000001')]);
        expect(second).toEqual({ appended: true, partition: first.partition, offset: first.offset + 1 });

        await log.prune(new Date(Date.now() + 60_000).toISOString());
        const consumer = log.consume({ group: 'late' }, async () => undefined);
        await consumer.drained();
        expect(await log.committedOffsets('late')).toEqual(await log.endOffsets());
        await consumer.stop();
      });
    });
  });
}

/** Every packet record (the tests using it append packets only). */
async function readEverything(log: PacketLog): Promise<PacketRecord[]> {
  const records: PacketRecord[] = [];
  for (let partition = 0; partition < log.partitions; partition += 1) {
    records.push(...(await log.read(partition, 0, 10_000)).filter(isPacketRecord));
  }
  return records;
}
