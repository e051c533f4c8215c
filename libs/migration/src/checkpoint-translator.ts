/**
 * Translates checkpoints from the source's numbering to the target's. A copy assigns new numbers (KurrentDB
 * positions are commit positions; a pruned packet log restarts its offsets at the target's start), but it keeps the
 * order, so "everything up to source number v is handled" becomes "everything up to the target number of the last
 * copied item at or below v". Only the values that will be asked about are watched, so memory does not grow with
 * the size of the store.
 */
export class CheckpointTranslator {
  private readonly watched: number[];
  private readonly answers: number[];
  /** Watched values below this index are settled: no later pair can change their answer. */
  private settled = 0;
  private lastSource = -Infinity;
  private lastTarget: number;

  /** `floor`: the answer for a value below every copied item (nothing of it is handled on the target either). */
  constructor(
    watched: Iterable<number>,
    private readonly floor: number,
  ) {
    this.watched = [...new Set(watched)].sort((a, b) => a - b);
    this.answers = this.watched.map(() => floor);
    this.lastTarget = floor;
  }

  /** True when a watched value lies in [from, to): a copy batching items must then give each its own pair. */
  watchesBetween(from: number, to: number): boolean {
    const index = lowerBound(this.watched, from);
    return index < this.watched.length && this.watched[index] < to;
  }

  /** Learns that source item `source` landed as `target`; called in increasing source order. */
  record(source: number, target: number): void {
    if (source <= this.lastSource) {
      throw new Error(`Copied items must come in increasing order (${source} after ${this.lastSource})`);
    }
    while (this.settled < this.watched.length && this.watched[this.settled] < source) {
      this.answers[this.settled] = this.lastTarget;
      this.settled += 1;
    }
    this.lastSource = source;
    this.lastTarget = target;
  }

  /** The target's number for a watched source value. */
  translate(value: number): number {
    const index = lowerBound(this.watched, value);
    if (this.watched[index] !== value) throw new Error(`${value} was not watched: it cannot be translated`);
    return index < this.settled ? this.answers[index] : this.lastTarget;
  }
}

/** First index whose value is >= `value`. */
function lowerBound(sorted: number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle] < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
