import { SILENCE_WATCH, type SilenceWatch } from '@lorawatch/detection';
import type { WriteOp } from '@lorawatch/read-store/read-store.port';

/**
 * The earliest silence deadline of each data source, followed from the writes the detection runner commits to its
 * `silence_watch` collection (one document per asset or session address, its deadline in epoch ms, deleted once
 * nothing is due): what the what-if sandbox compares its watermarks with to know when a tick has something to do.
 */
export class SilenceDeadlines {
  private readonly current = new Map<string, { dataSourceId: number; deadline: number }>();
  private readonly heaps = new Map<number, DeadlineHeap>();

  /** Follows the writes of one commit (after it succeeded). */
  observe(ops: readonly WriteOp[]): void {
    for (const op of ops) {
      if (op.collection !== SILENCE_WATCH.name) continue;
      if (op.op === 'delete') this.current.delete(op.id);
      else if (op.op === 'upsert') {
        const watch = op.doc as SilenceWatch;
        this.current.set(watch.id, { dataSourceId: watch.dataSourceId, deadline: watch.deadline });
        let heap = this.heaps.get(watch.dataSourceId);
        if (heap === undefined) this.heaps.set(watch.dataSourceId, (heap = new DeadlineHeap()));
        heap.push(watch.deadline, watch.id);
      } else throw new Error(`The detection runner does not ${op.op} silence watches`);
    }
  }

  /** The earliest deadline of the data source's watches; Infinity when none. */
  earliest(dataSourceId: number): number {
    const heap = this.heaps.get(dataSourceId);
    if (heap === undefined) return Infinity;
    for (;;) {
      const top = heap.peek();
      if (top === null) return Infinity;
      // Entries of a watch whose deadline has changed or that is gone are dropped as they come up.
      if (this.current.get(top.id)?.deadline === top.deadline) return top.deadline;
      heap.pop();
    }
  }
}

/** A binary min-heap of deadlines. */
class DeadlineHeap {
  private readonly deadlines: number[] = [];
  private readonly ids: string[] = [];

  push(deadline: number, id: string): void {
    let index = this.deadlines.length;
    this.deadlines.push(deadline);
    this.ids.push(id);
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (this.deadlines[parent] <= deadline) break;
      this.move(parent, index);
      index = parent;
    }
    this.deadlines[index] = deadline;
    this.ids[index] = id;
  }

  peek(): { deadline: number; id: string } | null {
    return this.deadlines.length === 0 ? null : { deadline: this.deadlines[0], id: this.ids[0] };
  }

  pop(): void {
    const lastDeadline = this.deadlines.pop() as number;
    const lastId = this.ids.pop() as string;
    const size = this.deadlines.length;
    if (size === 0) return;
    let index = 0;
    for (;;) {
      const left = 2 * index + 1;
      if (left >= size) break;
      const right = left + 1;
      const child = right < size && this.deadlines[right] < this.deadlines[left] ? right : left;
      if (this.deadlines[child] >= lastDeadline) break;
      this.move(child, index);
      index = child;
    }
    this.deadlines[index] = lastDeadline;
    this.ids[index] = lastId;
  }

  private move(from: number, to: number): void {
    this.deadlines[to] = this.deadlines[from];
    this.ids[to] = this.ids[from];
  }
}
