import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type Subscription,
} from '@lorawatch/event-store/event-store.port';

/**
 * The event store the what-if sandbox's detection runner appends to, in memory: streams and their revisions are
 * checked as in any store (an alert's stream is created with 'no_stream', so an alert is raised once), but only the
 * events the run compares are kept (`keep`); the others (asset observations, issue clearances) are counted and
 * dropped. Nobody subscribes to it.
 */
export class SandboxEventStore implements EventStore {
  private readonly revisions = new Map<string, number>();
  private readonly kept: RecordedEvent[] = [];
  private position = 0;

  constructor(
    private readonly keep: (event: NewEvent) => boolean,
    /** The time recorded on the events kept (the sandbox reads no clock while it runs). */
    private readonly recordedAt: string,
  ) {}

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const current = this.revisions.get(streamId);
    const ok =
      expected === 'any' ||
      (expected === 'no_stream' && current === undefined) ||
      (expected === 'stream_exists' && current !== undefined) ||
      expected === current;
    if (!ok) throw new WrongExpectedRevisionError(streamId, expected, current ?? 'no_stream');
    let revision = current ?? -1;
    for (const event of events) {
      revision += 1;
      this.position += 1;
      if (this.keep(event))
        this.kept.push({
          ...event,
          streamId,
          revision,
          position: this.position,
          recordedAt: this.recordedAt,
        });
    }
    this.revisions.set(streamId, revision);
    return { nextExpectedRevision: revision, position: this.position };
  }

  /** The kept events of a stream. */
  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const from = options.fromRevision ?? 0;
    const events = this.kept.filter((event) => event.streamId === streamId && event.revision >= from);
    return options.maxCount === undefined ? events : events.slice(0, options.maxCount);
  }

  /** The kept events, in the order they were appended. */
  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? 0;
    const events = this.kept.filter((event) => event.position > after);
    return options.maxCount === undefined ? events : events.slice(0, options.maxCount);
  }

  async headPosition(): Promise<number> {
    return this.position;
  }

  subscribeToAll(): Subscription {
    throw new Error('Nothing subscribes to the what-if sandbox');
  }

  async close(): Promise<void> {}
}
