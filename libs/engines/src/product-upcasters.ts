import { UpcasterRegistry } from '@lorawatch/event-store/upcasting/upcaster-registry';

/**
 * The upcasters of the product's events: when an event type gets a new schema version, its step from the previous
 * version is registered here, and every reader of the event store gets the current shape. Empty while every event
 * type is at version 1.
 */
export const productUpcasters = new UpcasterRegistry();
