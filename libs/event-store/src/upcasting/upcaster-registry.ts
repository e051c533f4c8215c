import type { EventMetadata } from '@lorawatch/domain/event-envelope';
import type { RecordedEvent } from '../event-store.port';

/** Turns the data of one schema version into the data of the next; the metadata is there to read, not to change. */
export type UpcastStep = (data: unknown, metadata: EventMetadata) => unknown;

export interface EventSchema {
  /** The version this build writes. Events recorded with an older one are upcast to it on read. */
  currentVersion: number;
  /** `steps[n]` upcasts version n to n + 1; one step for every version from 1 to currentVersion - 1. */
  steps: Record<number, UpcastStep>;
}

/** Refused at start-up rather than on the first old event some reader meets later. */
export class InvalidEventSchemaError extends Error {
  constructor(
    readonly eventType: string,
    reason: string,
  ) {
    super(`Event schema of ${eventType} is invalid: ${reason}`);
    this.name = 'InvalidEventSchemaError';
  }
}

/**
 * An event written by a newer release than this process: reading it with an older idea of its shape would
 * silently misread it, so the reader stops and says to upgrade.
 */
export class UnknownSchemaVersionError extends Error {
  constructor(
    readonly eventId: string,
    readonly eventType: string,
    readonly version: number,
    readonly knownVersion: number,
  ) {
    super(
      `Event ${eventId} (${eventType}) has schema version ${version}, but this build knows versions up to ` +
        `${knownVersion}: upgrade this process before it reads events written by a newer release`,
    );
    this.name = 'UnknownSchemaVersionError';
  }
}

/**
 * Per event type, the chain of steps from each old schema version to the current one (docs/architecture.md §4: old
 * versions are upcast on read, so the stored history is never rewritten). Event types it does not know are
 * passed through unchanged: they have only ever had one shape.
 */
export class UpcasterRegistry {
  private readonly schemas = new Map<string, EventSchema>();

  register(eventType: string, schema: EventSchema): this {
    if (this.schemas.has(eventType)) throw new InvalidEventSchemaError(eventType, 'registered twice');
    const { currentVersion, steps } = schema;
    if (!Number.isInteger(currentVersion) || currentVersion < 1) {
      throw new InvalidEventSchemaError(
        eventType,
        `current version ${currentVersion} is not a positive integer`,
      );
    }
    for (let version = 1; version < currentVersion; version++) {
      if (typeof steps[version] !== 'function') {
        throw new InvalidEventSchemaError(eventType, `no step from version ${version} to ${version + 1}`);
      }
    }
    for (const key of Object.keys(steps)) {
      const from = Number(key);
      if (!Number.isInteger(from) || from < 1 || from >= currentVersion) {
        throw new InvalidEventSchemaError(
          eventType,
          `step from version ${key} lies outside 1..${currentVersion - 1}`,
        );
      }
    }
    this.schemas.set(eventType, { currentVersion, steps: { ...steps } });
    return this;
  }

  currentVersion(eventType: string): number {
    return this.schemas.get(eventType)?.currentVersion ?? 1;
  }

  /** The event in its type's current version: the same object when it already is (or its type is unknown). */
  upcast<TEvent extends RecordedEvent>(event: TEvent): TEvent {
    const schema = this.schemas.get(event.type);
    if (!schema) return event;
    // Events from before versions were recorded are version 1.
    const recorded = event.metadata.schemaVersion ?? 1;
    if (recorded === schema.currentVersion) return event;
    if (!Number.isInteger(recorded) || recorded < 1 || recorded > schema.currentVersion) {
      throw new UnknownSchemaVersionError(event.id, event.type, recorded, schema.currentVersion);
    }
    let data = event.data;
    for (let version = recorded; version < schema.currentVersion; version++) {
      data = schema.steps[version](data, event.metadata);
    }
    return { ...event, data, metadata: { ...event.metadata, schemaVersion: schema.currentVersion } };
  }
}
