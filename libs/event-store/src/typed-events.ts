import type { RecordedEvent } from './event-store.port';

/**
 * A context's recorded events as a discriminated union on `type`: `Payloads` maps each type name to its payload,
 * `K` picks some of them (all by default).
 */
export type RecordedOf<Payloads, K extends keyof Payloads & string = keyof Payloads & string> = {
  [T in K]: RecordedEvent<Payloads[T]> & { type: T };
}[K];

/** The same union before recording: a type name with its payload, as a decider returns it. */
export type EventOf<Payloads, K extends keyof Payloads & string = keyof Payloads & string> = {
  [T in K]: { type: T; data: Payloads[T] };
}[K];

/** Narrows a recorded event to one type name of a context, and its data to that type's payload. */
export type EventGuard<Payloads> = <K extends keyof Payloads & string>(
  event: RecordedEvent,
  type: K,
) => event is RecordedOf<Payloads, K>;

/** The type guard of a context's events: `const isAlertEvent = eventGuard<AlertEventPayloads>()`. */
export function eventGuard<Payloads>(): EventGuard<Payloads> {
  return <K extends keyof Payloads & string>(
    event: RecordedEvent,
    type: K,
  ): event is RecordedOf<Payloads, K> => event.type === type;
}

/**
 * The one typed cast where a projection or a fold receives a stored event it subscribed to by type: its type name
 * then picks its payload in a `switch (event.type)`, whose `default` must take every other type.
 */
export function recordedOf<Payloads>(event: RecordedEvent): RecordedOf<Payloads> {
  return event as RecordedOf<Payloads>;
}
