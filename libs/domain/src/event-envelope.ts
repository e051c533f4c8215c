/**
 * What made an event happen, for the auditors' history: the packet a detector decided on, or the user whose command
 * it records. Events appended before causes were recorded carry none.
 */
export type EventCause =
  | { kind: 'packet'; packetId: string; dataSourceId: number; date: string }
  | { kind: 'user'; userId: number; username: string };

/** Every event in the store carries the same envelope (docs/architecture.md §4). */
export interface EventMetadata {
  organizationId: number | null;
  /** User id, or a system actor such as "detector" / "collector" / "system". */
  actor: string;
  correlationId: string;
  causationId: string | null;
  occurredAt: string;
  schemaVersion: number;
  /** Absent in events recorded before causes were kept, and where nothing outside the product caused the event. */
  cause?: EventCause;
}

export interface DomainEvent<TType extends string = string, TData = unknown> {
  type: TType;
  data: TData;
}
