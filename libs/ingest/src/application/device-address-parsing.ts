import type { EventClock } from '../event-clock';
import type { MessageParser } from '../ingest-outcome';
import type { DeviceAddressBook } from './device-address-book';

/**
 * Wraps a collector's parser with the DevAddr → DevEUI book of its data source: a `device` outcome (an
 * application event) teaches the book and is returned as is; data frames come out with the DevEUI of their
 * DevAddr when it is known. Goes after the join-accept correlation, whose attributions it reads.
 */
export function withDeviceAddressBook(
  parse: MessageParser,
  book: DeviceAddressBook,
  clock?: EventClock,
): MessageParser {
  return (topic, payload, context) => {
    const outcome = parse(topic, payload, context);
    if (outcome.kind === 'device') {
      // An application event has no frame time: it takes its place on the data source's timeline.
      book.learn(outcome, clock?.streamTime(context.receivedAt) ?? context.receivedAt);
      return outcome;
    }
    if (outcome.kind !== 'packets') return outcome;
    return { kind: 'packets', packets: outcome.packets.map((packet) => book.observe(packet)) };
  };
}
