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

  /**
   * The ids of the data source's watches whose deadline is at most `bound` (epoch ms), in no order: what the runner's
   * read of the due watches (`{ dataSourceId, deadline: { $lte: bound } }`) finds.
   */
  dueBy(dataSourceId: number, bound: number): string[] {
    const heap = this.heaps.get(dataSourceId);
    if (heap === undefined) return [];
    if (heap.size > 2 * this.current.size + 1024) this.rebuild(dataSourceId, heap);
    const due = new Set<string>();
    heap.atMost(bound, (deadline, id) => {
      if (this.current.get(id)?.deadline === deadline) due.add(id);
    });
    return [...due];
  }

  /** The heap of the data source with only its current watches (entries of changed or gone ones dropped). */
  private rebuild(dataSourceId: number, heap: DeadlineHeap): void {
    heap.clear();
    for (const [id, watch] of this.current)
      if (watch.dataSourceId === dataSourceId) heap.push(watch.deadline, id);
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

  get size(): number {
    return this.deadlines.length;
  }

  clear(): void {
    this.deadlines.length = 0;
    this.ids.length = 0;
  }

  /** Calls `visit` with every entry whose deadline is at most `bound` (the subtrees under a later one are skipped). */
  atMost(bound: number, visit: (deadline: number, id: string) => void): void {
    const stack = this.deadlines.length > 0 ? [0] : [];
    while (stack.length > 0) {
      const index = stack.pop() as number;
      if (!(this.deadlines[index] <= bound)) continue;
      visit(this.deadlines[index], this.ids[index]);
      const left = 2 * index + 1;
      if (left < this.deadlines.length) stack.push(left);
      if (left + 1 < this.deadlines.length) stack.push(left + 1);
    }
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
