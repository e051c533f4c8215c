import type { AppendOutcome, LogEntry, PacketLog } from './packet-log.port';

export interface GroupAppenderOptions {
  /** Most packets written by one append; what is beyond waits for the next one. Default 2000. */
  maxBatch?: number;
}

interface Request {
  packets: LogEntry[];
  resolve: (outcomes: AppendOutcome[]) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit in front of a packet log. Appends requested while another one is being written are written
 * together when it finishes, in one `PacketLog.append` call (one transaction on the embedded log, one producer
 * send on Kafka); the first request of an idle appender waits for the current turn of the event loop to end, so
 * that the messages read from the network in that turn share its append. Each request resolves with the outcomes
 * of its own packets, in order, once the append holding them is stored; until then nothing of it may be
 * acknowledged upstream.
 *
 * A failed append fails every request of its group, and nothing of it counts as stored: what makes an append fail
 * is the storage (locked, full, unreachable), not one request's packets, so retrying them one by one would only
 * multiply the wait (a locked SQLite file blocks each attempt for its busy timeout). The callers (collectors)
 * then have their brokers redeliver; appending the same packets again is safe (see `PacketLog.append`).
 */
export class GroupAppender {
  private readonly maxBatch: number;
  private pending: Request[] = [];
  private writing = false;

  constructor(
    private readonly log: Pick<PacketLog, 'append'>,
    options: GroupAppenderOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 2000;
    if (!Number.isInteger(this.maxBatch) || this.maxBatch < 1)
      throw new RangeError(`maxBatch must be a positive integer, not ${this.maxBatch}`);
  }

  /** Same answer as `PacketLog.append` for these packets, given once the group holding them is stored. */
  append(packets: LogEntry[]): Promise<AppendOutcome[]> {
    if (packets.length === 0) return Promise.resolve([]);
    return new Promise<AppendOutcome[]>((resolve, reject) => {
      this.pending.push({ packets, resolve, reject });
      if (this.writing) return;
      this.writing = true;
      setImmediate(() => void this.drain());
    });
  }

  /** Requests waiting for their append (the group being written excluded). */
  get waiting(): number {
    return this.pending.length;
  }

  private async drain(): Promise<void> {
    while (this.pending.length > 0) await this.write(this.takeGroup());
    this.writing = false;
  }

  /** The oldest requests up to maxBatch packets; a larger request goes alone, never split. */
  private takeGroup(): Request[] {
    let count = 0;
    let taken = 0;
    while (taken < this.pending.length) {
      const size = this.pending[taken].packets.length;
      if (taken > 0 && count + size > this.maxBatch) break;
      count += size;
      taken += 1;
    }
    return this.pending.splice(0, taken);
  }

  private async write(group: Request[]): Promise<void> {
    let outcomes: AppendOutcome[];
    try {
      outcomes = await this.log.append(
        group.length === 1 ? group[0].packets : group.flatMap((request) => request.packets),
      );
    } catch (error) {
      for (const request of group) request.reject(error);
      return;
    }
    let at = 0;
    for (const request of group) {
      request.resolve(outcomes.slice(at, at + request.packets.length));
      at += request.packets.length;
    }
  }
}
