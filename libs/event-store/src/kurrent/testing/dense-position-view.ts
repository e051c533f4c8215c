import type {
  AppendResult,
  EventHandler,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from '../../event-store.port';

/**
 * TEST ONLY. The contract suite asserts literal positions 1, 2, 3... of an empty store, while KurrentDB
 * positions are byte offsets in a log shared with system events and other runs. This index numbers the
 * events one fixture's namespace has, in commit order, so the suite's order, exclusivity and head assertions
 * are checked through a strictly increasing one-to-one renumbering of the real positions.
 */
export class PositionIndex {
  private readonly known: number[] = [];
  private refreshing: Promise<void> = Promise.resolve();

  /** `read(after)` gives the real positions of the namespace's events after a real position, in order. */
  constructor(private readonly read: (after: number) => Promise<number[]>) {}

  /** Number of known events at or before a real position (0 = before the first). */
  rank(real: number): number {
    let low = 0;
    let high = this.known.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.known[middle] <= real) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Real position of the n-th event (0 = the start), reading new events when needed. */
  async real(rank: number): Promise<number> {
    if (rank === 0) return 0;
    if (rank > this.known.length) await this.refresh();
    if (rank > this.known.length) throw new Error(`No event number ${rank} in this namespace`);
    return this.known[rank - 1];
  }

  async rankOf(real: number): Promise<number> {
    if (real > (this.known[this.known.length - 1] ?? 0)) await this.refresh();
    return this.rank(real);
  }

  refresh(): Promise<void> {
    this.refreshing = this.refreshing.then(async () => {
      const after = this.known[this.known.length - 1] ?? 0;
      this.known.push(...(await this.read(after)).filter((position) => position > after));
    });
    return this.refreshing;
  }
}

/** An EventStore whose positions are the ranks of a PositionIndex (see above). */
export class DensePositionView implements EventStore {
  constructor(
    private readonly inner: EventStore,
    private readonly index: PositionIndex,
  ) {}

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const result = await this.inner.append(streamId, events, expected);
    return { ...result, position: await this.index.rankOf(result.position) };
  }

  async readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return this.renumber(await this.inner.readStream(streamId, options));
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const after = await this.index.real(options.after ?? 0);
    return this.renumber(await this.inner.readAll({ ...options, after }));
  }

  async headPosition(): Promise<number> {
    return this.index.rankOf(await this.inner.headPosition());
  }

  subscribeToAll(options: SubscribeOptions, handler: EventHandler): Subscription {
    const index = this.index;
    const started = index
      .real(options.after)
      .then((after) =>
        this.inner.subscribeToAll({ ...options, after }, async (event) =>
          handler({ ...event, position: await index.rankOf(event.position) }),
        ),
      );
    let inner: Subscription | null = null;
    void started.then((subscription) => (inner = subscription));
    return {
      get position() {
        return inner ? index.rank(inner.position) : options.after;
      },
      async caughtUp() {
        const subscription = await started;
        await subscription.caughtUp();
        await index.refresh();
      },
      async stop() {
        await (await started).stop();
      },
    };
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private async renumber(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    const renumbered: RecordedEvent[] = [];
    for (const event of events)
      renumbered.push({ ...event, position: await this.index.rankOf(event.position) });
    return renumbered;
  }
}
