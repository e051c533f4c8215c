import type { GatewayLocation } from './ingest-outcome';
import { type JsonObject, optionalNumber } from './json-fields';
import { MalformedMessage } from './malformed-message';

/**
 * Reads `{latitude, longitude, altitude}`. Gateways without a GPS fix (and proto3 defaults) report 0,0:
 * that is "unknown", not a point in the Gulf of Guinea, so it reads as absent and cannot fake a move.
 */
export function readGatewayLocation(
  location: JsonObject | undefined,
  path: string,
): GatewayLocation | undefined {
  if (location === undefined) return undefined;
  const latitude = optionalNumber(location, 'latitude', path) ?? 0;
  const longitude = optionalNumber(location, 'longitude', path) ?? 0;
  const altitude = optionalNumber(location, 'altitude', path) ?? 0;
  if (latitude === 0 && longitude === 0) return undefined;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
    throw new MalformedMessage(`${path} is outside the valid latitude/longitude range`);
  }
  return { latitude, longitude, altitude };
}
