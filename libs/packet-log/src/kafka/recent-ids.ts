/**
 * The de-duplication index: per partition, the ids of the last `window` records and their offsets, plus how far
 * the partition has been indexed. Kafka has no lookup by id; a re-delivered packet has the same key, hence the
 * same partition, so indexing the tail of that partition is enough to recognise a recent re-delivery.
 */
export class RecentIds {
  private readonly ids: Array<Map<string, number>>;
  private readonly indexedTo: number[];

  constructor(
    readonly partitions: number,
    readonly window: number,
  ) {
    if (!Number.isInteger(window) || window < 1)
      throw new RangeError(`Invalid de-duplication window ${window}`);
    this.ids = Array.from({ length: partitions }, () => new Map<string, number>());
    this.indexedTo = new Array<number>(partitions).fill(0);
  }

  find(partition: number, id: string): number | undefined {
    return this.ids[partition].get(id);
  }

  findAnywhere(id: string): { partition: number; offset: number } | null {
    for (let partition = 0; partition < this.partitions; partition += 1) {
      const offset = this.ids[partition].get(id);
      if (offset !== undefined) return { partition, offset };
    }
    return null;
  }

  /** Records an id at an offset (appends and catch-up reads come in offset order per partition). */
  add(partition: number, id: string, offset: number): void {
    const ids = this.ids[partition];
    if (!ids.has(id)) ids.set(id, offset);
    this.indexedTo[partition] = Math.max(this.indexedTo[partition], offset + 1);
    // Map keeps insertion order, so the first entries are the oldest.
    while (ids.size > this.window) {
      const oldest = ids.keys().next().value as string;
      ids.delete(oldest);
    }
  }

  /** Marks offsets as indexed even when nothing there could be read (malformed records). */
  markIndexed(partition: number, nextOffset: number): void {
    this.indexedTo[partition] = Math.max(this.indexedTo[partition], nextOffset);
  }

  /** Forgets records retention removed. */
  dropBelow(partition: number, low: number): void {
    for (const [id, offset] of this.ids[partition]) {
      if (offset < low) this.ids[partition].delete(id);
    }
  }

  /**
   * The offsets to read so the index covers the partition up to `end`: from where it stopped, but never more
   * than the window (older records would be evicted at once) nor below the log start.
   */
  missing(partition: number, low: number, end: number): { start: number; end: number } | null {
    const start = Math.max(this.indexedTo[partition], low, end - this.window);
    return start < end ? { start, end } : null;
  }
}
