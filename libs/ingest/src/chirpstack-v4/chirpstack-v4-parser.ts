import { DeviceAddressBook } from '../application/device-address-book';
import { withDeviceAddressBook } from '../application/device-address-parsing';
import { EventClock, withEventClock } from '../event-clock';
import { withGatewayLocations } from '../gateway-location-book';
import type { MessageParser } from '../ingest-outcome';
import { JoinAcceptCorrelator } from '../join-accept-correlator';
import { withJoinAcceptCorrelation } from '../join-accept-parsing';
import { parseChirpstackV4Message } from './parse-chirpstack-v4-message';

/**
 * The parser a ChirpStack v4 collector runs, one per data source (its stages have state): messages without a
 * time of their own are dated on their gateway's timeline (EventClock), join accepts
 * are attributed to the join request they answer, then data frames get the DevEUI that the server's
 * application events bound to their DevAddr, and the position their gateway last reported (often in its stats only).
 */
export function createChirpstackV4Parser(
  correlator = new JoinAcceptCorrelator(),
  addressBook = new DeviceAddressBook(),
  clock = new EventClock(),
): MessageParser {
  const dated = withEventClock(parseChirpstackV4Message, clock);
  return withGatewayLocations(
    withDeviceAddressBook(withJoinAcceptCorrelation(dated, correlator), addressBook, clock),
  );
}
