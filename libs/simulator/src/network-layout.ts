import { meanRssiAt, type RadioLink, snrFor } from './radio-link';
import type { Random } from './random';
import type { SimGateway } from './sim-event';

/** Centre of the simulated city (Amsterdam): locations look real on a map. */
const CENTRE = { latitude: 52.3676, longitude: 4.9041 };
const METERS_PER_DEGREE_LATITUDE = 111_320;
const GATEWAY_RADIUS_M = 5000;
const DEVICE_RADIUS_M = 4000;
/**
 * A deployed device has a link margin: installers place it where its best gateway hears it well, and the
 * other gateways that count hear it above the weak-signal thresholds (−125 dBm, −15 dB) by a clear margin.
 * Without these floors the path-loss model puts some devices of a sparse network below them, which would be
 * a weak-signal anomaly in the honest traffic.
 */
const BEST_LINK_FLOOR_DBM = -112;
const OTHER_LINK_FLOOR_DBM = -120;
/** Where a device at the edge of coverage sits: below the thresholds, still above SF12 sensitivity (−137). */
const EDGE_RSSI_DBM = -134;
const EDGE_SNR_DB = -17.5;

export interface Position {
  x: number;
  y: number;
}

export interface PlacedGateway {
  gateway: SimGateway;
  position: Position;
}

function randomPosition(random: Random, radius: number): Position {
  const angle = random.between(0, 2 * Math.PI);
  const distance = radius * Math.sqrt(random.next());
  return { x: distance * Math.cos(angle), y: distance * Math.sin(angle) };
}

function toLatLon(position: Position): { latitude: number; longitude: number } {
  const metersPerDegreeLongitude = METERS_PER_DEGREE_LATITUDE * Math.cos((CENTRE.latitude * Math.PI) / 180);
  return {
    latitude: round(CENTRE.latitude + position.y / METERS_PER_DEGREE_LATITUDE, 6),
    longitude: round(CENTRE.longitude + position.x / metersPerDegreeLongitude, 6),
  };
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

export function placeGateways(count: number, random: Random): PlacedGateway[] {
  return Array.from({ length: count }, (_unused, index) => {
    const position = randomPosition(random, GATEWAY_RADIUS_M);
    return {
      position,
      gateway: {
        // A made-up OUI prefix keeps simulated gateways recognisable in the console.
        eui: `b827ebfffe${random.hex(3)}`,
        ...toLatLon(position),
        altitude: random.int(5, 60),
        ip: `10.${Math.floor(index / 250) % 250}.${index % 250}.${random.int(2, 254)}`,
      },
    };
  });
}

/**
 * The 1–3 gateways a device is heard by, best first. Real devices are heard by the gateways near them, not
 * by the whole network; a gateway that suddenly hears a device is one of the replay signals.
 */
export function linksFor(gateways: readonly PlacedGateway[], random: Random): RadioLink[] {
  const device = randomPosition(random, DEVICE_RADIUS_M);
  const all = gateways.map(({ gateway, position }) => {
    const distance = Math.hypot(position.x - device.x, position.y - device.y);
    const meanRssi = Math.round(meanRssiAt(distance, random.normal(0, 4)));
    return { gateway, meanRssi, meanSnr: snrFor(meanRssi) };
  });
  all.sort((a, b) => b.meanRssi - a.meanRssi);
  return all.slice(0, Math.min(all.length, random.int(1, 3))).map((link, index) => {
    const meanRssi = Math.max(link.meanRssi, index === 0 ? BEST_LINK_FLOOR_DBM : OTHER_LINK_FLOOR_DBM);
    return { gateway: link.gateway, meanRssi, meanSnr: snrFor(meanRssi) };
  });
}

/** The same gateway, heard only barely: a device in a basement, behind metal, or with a broken antenna. */
export function edgeOfCoverage(link: RadioLink, random: Random): RadioLink {
  return {
    gateway: link.gateway,
    meanRssi: EDGE_RSSI_DBM + random.int(-1, 1),
    meanSnr: EDGE_SNR_DB + random.int(-1, 1) / 2,
  };
}

/** A point `distanceMeters` from a gateway's position, on a random bearing: where a moved gateway reports. */
export function displaced(
  from: { latitude: number; longitude: number },
  distanceMeters: number,
  random: Random,
): { latitude: number; longitude: number } {
  const bearing = random.between(0, 2 * Math.PI);
  const metersPerDegreeLongitude = METERS_PER_DEGREE_LATITUDE * Math.cos((from.latitude * Math.PI) / 180);
  return {
    latitude: round(from.latitude + (distanceMeters * Math.cos(bearing)) / METERS_PER_DEGREE_LATITUDE, 6),
    longitude: round(from.longitude + (distanceMeters * Math.sin(bearing)) / metersPerDegreeLongitude, 6),
  };
}
