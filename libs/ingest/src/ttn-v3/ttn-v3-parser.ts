import { DeviceAddressBook } from '../application/device-address-book';
import { EventClock } from '../event-clock';
import { JoinAcceptCorrelator } from '../join-accept-correlator';
import { parseTtnV3Event, type TtnV3EventParser } from './parse-ttn-v3-event';

/**
 * The parser a TTN v3 collector runs: the stateless event parser followed by the event clock, the join-accept
 * correlation and the DevAddr → DevEUI book (taught by join accepts here: the stream has no application events),
 * whose states belong to one data source (hence a factory, one call per collector).
 */
export function createTtnV3Parser(
  correlator = new JoinAcceptCorrelator(),
  clock = new EventClock(),
  addressBook = new DeviceAddressBook(),
): TtnV3EventParser {
  return (event, context) => {
    const outcome = parseTtnV3Event(event, context);
    if (outcome.kind !== 'packets') return outcome;
    return {
      kind: 'packets',
      packets: outcome.packets.map((packet) =>
        addressBook.observe(correlator.observe(clock.observe(packet))),
      ),
    };
  };
}
