import type { ReadStore, WriteOp } from '@lorawatch/read-store/read-store.port';

/**
 * Records a consumer skipped after they failed every attempt (poison records). The skip is committed with the
 * consumer's checkpoint, and the consumer skips the listed records whenever it reads them again (a replay), so its
 * output never depends on whether a record failed this time.
 */
export const SET_ASIDE_RECORDS = { name: 'set_aside_records' };

export interface SetAsideRecord {
  /** `<group>:<partition>:<offset>` */
  id: string;
  group: string;
  partition: number;
  offset: number;
  /** The packet's or heartbeat's id, when the record was readable. */
  entryId: string | null;
  error: string;
  setAsideAt: string;
}

export const setAsideId = (group: string, partition: number, offset: number): string =>
  `${group}:${partition}:${offset}`;

export function setAsideOp(
  group: string,
  partition: number,
  offset: number,
  entryId: string | null,
  error: unknown,
): WriteOp {
  const doc: SetAsideRecord = {
    id: setAsideId(group, partition, offset),
    group,
    partition,
    offset,
    entryId,
    error: error instanceof Error ? error.message : String(error),
    setAsideAt: new Date().toISOString(),
  };
  return { op: 'upsert', collection: SET_ASIDE_RECORDS.name, doc };
}

/** The offsets set aside in one partition for a group, kept in memory once read (they only ever grow). */
export class SetAsideOffsets {
  private readonly known = new Map<number, Set<number>>();

  constructor(
    private readonly store: ReadStore,
    private readonly group: string,
  ) {
    store.collection<SetAsideRecord>(SET_ASIDE_RECORDS);
  }

  async of(partition: number): Promise<Set<number>> {
    let offsets = this.known.get(partition);
    if (!offsets) {
      const docs = await this.store
        .collection<SetAsideRecord>(SET_ASIDE_RECORDS)
        .find({ group: this.group, partition });
      offsets = new Set(docs.map((doc) => doc.offset));
      this.known.set(partition, offsets);
    }
    return offsets;
  }

  /** Commits the skip of the record at `offset` with the checkpoint past it. */
  async setAside(
    partition: number,
    offset: number,
    entryId: string | null,
    error: unknown,
    checkpoint: { name: string; position: number },
  ): Promise<void> {
    const current = await this.store.checkpoint(checkpoint.name);
    await this.store.commit(
      [setAsideOp(this.group, partition, offset, entryId, error)],
      current > checkpoint.position ? undefined : checkpoint,
    );
    (await this.of(partition)).add(offset);
  }
}
