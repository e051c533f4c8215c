/** Every event in the store carries the same envelope (docs/architecture.md §4). */
export interface EventMetadata {
  organizationId: number | null;
  /** User id, or a system actor such as "detector" / "collector" / "system". */
  actor: string;
  correlationId: string;
  causationId: string | null;
  occurredAt: string;
  schemaVersion: number;
}

export interface DomainEvent<TType extends string = string, TData = unknown> {
  type: TType;
  data: TData;
}
