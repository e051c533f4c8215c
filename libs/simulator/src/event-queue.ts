/**
 * Min-heap of scheduled actions ordered by time, then by scheduling order, so two actions at the same
 * millisecond always run in the same order (the simulation stays deterministic).
 */
export class EventQueue<T> {
  private readonly heap: Array<{ at: number; seq: number; item: T }> = [];
  private seq = 0;

  get size(): number {
    return this.heap.length;
  }

  push(at: number, item: T): void {
    this.heap.push({ at, seq: this.seq++, item });
    this.siftUp(this.heap.length - 1);
  }

  pop(): { at: number; item: T } | undefined {
    const top = this.heap[0];
    if (top === undefined) return undefined;
    const last = this.heap.pop();
    if (last !== undefined && this.heap.length > 0) {
      this.heap[0] = last;
      this.siftDown(0);
    }
    return { at: top.at, item: top.item };
  }

  private before(a: number, b: number): boolean {
    const x = this.heap[a];
    const y = this.heap[b];
    return x.at < y.at || (x.at === y.at && x.seq < y.seq);
  }

  private siftUp(index: number): void {
    let child = index;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if (!this.before(child, parent)) return;
      [this.heap[child], this.heap[parent]] = [this.heap[parent], this.heap[child]];
      child = parent;
    }
  }

  private siftDown(index: number): void {
    let parent = index;
    for (;;) {
      const left = 2 * parent + 1;
      const right = left + 1;
      let first = parent;
      if (left < this.heap.length && this.before(left, first)) first = left;
      if (right < this.heap.length && this.before(right, first)) first = right;
      if (first === parent) return;
      [this.heap[first], this.heap[parent]] = [this.heap[parent], this.heap[first]];
      parent = first;
    }
  }
}
