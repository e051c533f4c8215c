import type { Packet } from '@lorawatch/domain/packet';
import { openDatabase, type Database } from '@lorawatch/sqlite/open-database';
import { SqlitePacketLog } from './embedded/sqlite-packet-log';
import { GroupAppender } from './group-appender';
import type { AppendOutcome, PacketLog } from './packet-log.port';
import { samplePacket } from './testing/packet-log.contract';

/** The real log behind a gate: records what each append was given and can hold it, or fail on a packet id. */
class GatedLog implements Pick<PacketLog, 'append'> {
  readonly appends: string[][] = [];
  failOn: string | null = null;
  private gate: Promise<void> = Promise.resolve();
  private open: () => void = () => undefined;

  constructor(private readonly log: PacketLog) {}

  hold(): void {
    this.gate = new Promise((resolve) => (this.open = resolve));
  }

  release(): void {
    this.open();
  }

  async append(packets: Packet[]): Promise<AppendOutcome[]> {
    this.appends.push(packets.map((packet) => packet.id));
    await this.gate;
    if (packets.some((packet) => packet.id === this.failOn)) throw new Error(`cannot store ${this.failOn}`);
    return this.log.append(packets);
  }
}

const packet = (id: string, device = 1): Packet => samplePacket(id, `70b3d57ed000000${device}`);

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

describe('GroupAppender', () => {
  let db: Database;
  let log: SqlitePacketLog;
  let gated: GatedLog;

  beforeEach(() => {
    db = openDatabase(':memory:');
    log = new SqlitePacketLog(db, { partitions: 1 });
    gated = new GatedLog(log);
  });

  afterEach(async () => {
    await log.close();
    db.close();
  });

  it('writes the requests of one turn in one append, and answers each with its own outcomes', async () => {
    const appender = new GroupAppender(gated);
    const answers = await Promise.all([
      appender.append([packet('a'), packet('b')]),
      appender.append([packet('c')]),
      appender.append([]),
      appender.append([packet('a')]),
    ]);

    expect(gated.appends).toEqual([['a', 'b', 'c', 'a']]);
    expect(answers).toEqual([
      [
        { appended: true, partition: 0, offset: 0 },
        { appended: true, partition: 0, offset: 1 },
      ],
      [{ appended: true, partition: 0, offset: 2 }],
      [],
      [{ appended: false, partition: 0, offset: 0 }],
    ]);
  });

  it('gathers what arrives while an append is being written into the next one, after it', async () => {
    const appender = new GroupAppender(gated);
    gated.hold();
    const first = appender.append([packet('a')]);
    await nextTurn();
    expect(gated.appends).toEqual([['a']]);

    const later = [appender.append([packet('b')]), appender.append([packet('c')])];
    await nextTurn();
    await nextTurn();
    // Nothing else is written while the first append is in flight; no request is answered before it is stored.
    expect(gated.appends).toEqual([['a']]);
    expect(appender.waiting).toBe(2);
    let answered = false;
    void first.then(() => (answered = true));
    await nextTurn();
    expect(answered).toBe(false);

    gated.release();
    expect(await first).toEqual([{ appended: true, partition: 0, offset: 0 }]);
    expect(await Promise.all(later)).toEqual([
      [{ appended: true, partition: 0, offset: 1 }],
      [{ appended: true, partition: 0, offset: 2 }],
    ]);
    expect(gated.appends).toEqual([['a'], ['b', 'c']]);
  });

  it('keeps a group within maxBatch packets without splitting a request', async () => {
    const appender = new GroupAppender(gated, { maxBatch: 3 });
    await Promise.all([
      appender.append([packet('a'), packet('b')]),
      appender.append([packet('c'), packet('d')]),
      appender.append([packet('e'), packet('f'), packet('g'), packet('h')]),
      appender.append([packet('i')]),
    ]);

    expect(gated.appends).toEqual([['a', 'b'], ['c', 'd'], ['e', 'f', 'g', 'h'], ['i']]);
    expect((await log.endOffsets())[0]).toBe(9);
  });

  it('fails every request of a group whose append fails, stores none of it, and goes on', async () => {
    const appender = new GroupAppender(gated);
    gated.failOn = 'poison';
    const results = await Promise.allSettled([
      appender.append([packet('a')]),
      appender.append([packet('b'), packet('poison', 2)]),
      appender.append([packet('c')]),
    ]);

    expect(results).toEqual([
      { status: 'rejected', reason: new Error('cannot store poison') },
      { status: 'rejected', reason: new Error('cannot store poison') },
      { status: 'rejected', reason: new Error('cannot store poison') },
    ]);
    expect(gated.appends).toEqual([['a', 'b', 'poison', 'c']]);
    expect(await log.endOffsets()).toEqual([0]);

    // The next requests are appended as usual: a redelivery of the same packets is stored then.
    gated.failOn = null;
    expect(await appender.append([packet('a')])).toEqual([{ appended: true, partition: 0, offset: 0 }]);
  });

  it('refuses a maxBatch that is not a positive integer', () => {
    expect(() => new GroupAppender(gated, { maxBatch: 0 })).toThrow(RangeError);
  });
});
