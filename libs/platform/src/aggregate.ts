import { randomUUID } from 'node:crypto';
import type { EventCause, EventMetadata } from '@lorawatch/domain/event-envelope';
import type { EventStore, NewEvent, RecordedEvent } from '@lorawatch/event-store/event-store.port';

/** An aggregate is decide/evolve over its own stream (docs/architecture.md §5); this folds a stream into its state. */
export interface Evolver<TState> {
  initial: TState;
  evolve(state: TState, event: RecordedEvent): TState;
}

export interface Loaded<TState> {
  state: TState;
  /** Last revision of the stream, or 'no_stream' when it does not exist yet. */
  revision: number | 'no_stream';
}

export async function loadAggregate<TState>(
  store: EventStore,
  streamId: string,
  evolver: Evolver<TState>,
): Promise<Loaded<TState>> {
  const events = await store.readStream(streamId);
  const state = events.reduce(evolver.evolve, evolver.initial);
  return { state, revision: events.length === 0 ? 'no_stream' : events[events.length - 1].revision };
}

export interface Actor {
  organizationId: number | null;
  actor: string;
  correlationId?: string;
  causationId?: string | null;
  /** The packet or the user behind the event (kept in the metadata for the auditors' history). */
  cause?: EventCause;
}

/** The cause of a user's command. */
export const userCause = (user: { userId: number; username: string }): EventCause => ({
  kind: 'user',
  userId: user.userId,
  username: user.username,
});

/** The cause of a detector's decision: the packet it came from. */
export const packetCause = (packet: { id: string; dataSourceId: number; date: string }): EventCause => ({
  kind: 'packet',
  packetId: packet.id,
  dataSourceId: packet.dataSourceId,
  date: packet.date,
});

/** Wraps domain events in the envelope of docs/architecture.md §4. `occurredAt` is given: no hidden clock in the domain. */
export function envelope<TData>(
  type: string,
  data: TData,
  who: Actor,
  occurredAt: string,
  id: string = randomUUID(),
): NewEvent<TData> {
  const metadata: EventMetadata = {
    organizationId: who.organizationId,
    actor: who.actor,
    correlationId: who.correlationId ?? id,
    causationId: who.causationId ?? null,
    occurredAt,
    schemaVersion: 1,
    // Only when known: the metadata of events without one stays as it always was.
    ...(who.cause ? { cause: who.cause } : {}),
  };
  return { id, type, data, metadata };
}
