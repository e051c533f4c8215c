import { DeviceAddressBook } from '../application/device-address-book';
import { EventClock } from '../event-clock';
import { JoinAcceptCorrelator } from '../join-accept-correlator';
import { parseTtnV2Frame, type TtnV2FrameParser } from './parse-ttn-v2-frame';

/**
 * The parser a TTN v2 collector runs: the stateless frame parser followed by the event clock, the join-accept
 * correlation and the DevAddr → DevEUI book (taught by join accepts here: the stream has no application events),
 * whose states belong to one data source (hence a factory, one call per collector).
 */
export function createTtnV2Parser(
  correlator = new JoinAcceptCorrelator(),
  clock = new EventClock(),
  addressBook = new DeviceAddressBook(),
): TtnV2FrameParser {
  return (frame, context) => {
    const outcome = parseTtnV2Frame(frame, context);
    if (outcome.kind !== 'packets') return outcome;
    return {
      kind: 'packets',
      packets: outcome.packets.map((packet) =>
        addressBook.observe(correlator.observe(clock.observe(packet))),
      ),
    };
  };
}
