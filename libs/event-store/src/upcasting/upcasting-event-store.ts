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
} from '../event-store.port';
import type { UpcasterRegistry } from './upcaster-registry';

/**
 * Any EventStore adapter, with every event it hands out upcast to its type's current schema version. Writes pass
 * through untouched: new events are written in the current version by the code that builds them.
 *
 * An event newer than the registry knows makes the read fail (UnknownSchemaVersionError); in a subscription the
 * handler is never called with it, so the subscription stops there and surfaces the error like a failing handler.
 */
export class UpcastingEventStore implements EventStore {
  constructor(
    private readonly inner: EventStore,
    private readonly upcasters: UpcasterRegistry,
  ) {}

  append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    return this.inner.append(streamId, events, expected);
  }

  async readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return this.upcastAll(await this.inner.readStream(streamId, options));
  }

  async readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.upcastAll(await this.inner.readAll(options));
  }

  headPosition(): Promise<number> {
    return this.inner.headPosition();
  }

  subscribeToAll(options: SubscribeOptions, handler: EventHandler): Subscription {
    return this.inner.subscribeToAll(options, (event) => handler(this.upcasters.upcast(event)));
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private upcastAll(events: RecordedEvent[]): RecordedEvent[] {
    return events.map((event) => this.upcasters.upcast(event));
  }
}
