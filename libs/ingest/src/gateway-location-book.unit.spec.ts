import { readFixtureText } from '@lorawatch/lorawan/testing/fixtures';
import { createChirpstackV3Parser } from './chirpstack-v3/chirpstack-v3-parser';
import { GatewayLocationBook } from './gateway-location-book';
import { onlyPacket, TEST_CONTEXT } from './testing/outcomes';

const GATEWAY = '7276ff002e062c18';
const fixture = (file: string) => Buffer.from(readFixtureText(`chirpstack-v3/${file}`));
const uplinkWithPosition = (latitude: number, longitude: number) => {
  const message = JSON.parse(readFixtureText('chirpstack-v3/gw-event-up.json')) as {
    rxInfo: Record<string, unknown>;
  };
  message.rxInfo.location = { latitude, longitude, altitude: 3 };
  return Buffer.from(JSON.stringify(message));
};

describe('gateway positions from stats', () => {
  it('given the real stats then the real uplink (no position of its own), then the uplink carries the stats position', () => {
    const parse = createChirpstackV3Parser();
    parse(`gateway/${GATEWAY}/event/stats`, fixture('gw-event-stats.json'), TEST_CONTEXT);
    const packet = onlyPacket(
      parse(`gateway/${GATEWAY}/event/up`, fixture('gw-event-up.json'), TEST_CONTEXT),
    );
    expect(packet).toMatchObject({ gateway: GATEWAY, latitude: 1.12345, longitude: 2.12345, altitude: 10 });
  });

  it('given no stats, then the uplink has no position; and a position of its own is kept and remembered', () => {
    const parse = createChirpstackV3Parser();
    const before = onlyPacket(
      parse(`gateway/${GATEWAY}/event/up`, fixture('gw-event-up.json'), TEST_CONTEXT),
    );
    expect(before).toMatchObject({ latitude: null, longitude: null });

    parse(`gateway/${GATEWAY}/event/stats`, fixture('gw-event-stats.json'), TEST_CONTEXT);
    const own = onlyPacket(
      parse(`gateway/${GATEWAY}/event/up`, uplinkWithPosition(48.85, 2.35), TEST_CONTEXT),
    );
    expect(own).toMatchObject({ latitude: 48.85, longitude: 2.35, altitude: 3 });
    const next = onlyPacket(parse(`gateway/${GATEWAY}/event/up`, fixture('gw-event-up.json'), TEST_CONTEXT));
    expect(next).toMatchObject({ latitude: 48.85, longitude: 2.35 });
  });

  it('keeps one position per gateway and forgets the oldest gateway beyond its bound', () => {
    const book = new GatewayLocationBook();
    const at = { latitude: 10, longitude: 20, altitude: 0 };
    for (let i = 0; i <= GatewayLocationBook.MAX_GATEWAYS; i += 1) book.learn(`gw-${i}`, at);
    const packet = (gateway: string) =>
      ({ gateway, latitude: null, longitude: null, altitude: null }) as unknown as Parameters<
        GatewayLocationBook['observe']
      >[0];
    expect(book.observe(packet('gw-0')).latitude).toBeNull();
    expect(book.observe(packet(`gw-${GatewayLocationBook.MAX_GATEWAYS}`)).latitude).toBe(10);
  });
});
