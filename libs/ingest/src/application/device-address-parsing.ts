import type { MessageParser } from '../ingest-outcome';
import type { DeviceAddressBook } from './device-address-book';

/**
 * Wraps a collector's parser with the DevAddr → DevEUI book of its data source: a `device` outcome (an
 * application event) teaches the book and is returned as is; data frames come out with the DevEUI of their
 * DevAddr when it is known. Goes after the join-accept correlation, whose attributions it reads.
 */
export function withDeviceAddressBook(parse: MessageParser, book: DeviceAddressBook): MessageParser {
  return (topic, payload, context) => {
    const outcome = parse(topic, payload, context);
    if (outcome.kind === 'device') {
      book.learn(outcome, context.receivedAt);
      return outcome;
    }
    if (outcome.kind !== 'packets') return outcome;
    return { kind: 'packets', packets: outcome.packets.map((packet) => book.observe(packet)) };
  };
}
