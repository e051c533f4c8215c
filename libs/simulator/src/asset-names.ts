/**
 * Names as an operator would give them in the network server's console: what the device measures or where the
 * gateway stands, plus a number. Derived from the EUI, so every wire format and every run names an asset alike.
 */
const DEVICE_KINDS = [
  'water-meter',
  'parking-bay',
  'soil-moisture',
  'air-quality',
  'door-contact',
  'smart-bin',
  'street-light',
  'cold-room-temp',
] as const;

const GATEWAY_SITES = [
  'centraal-rooftop',
  'zuidas-tower',
  'oost-depot',
  'noord-ferry',
  'westerpark-mast',
  'sloterdijk-hub',
  'amstel-bridge',
  'pijp-school',
] as const;

/** The whole EUI decides, since simulated EUIs share long prefixes and often end in a plain counter. */
function pick<T>(list: readonly T[], eui: string): T {
  // FNV-1a; the high bits are the well-mixed ones.
  let hash = 0x811c9dc5;
  for (const char of eui.toLowerCase()) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return list[(hash >>> 16) % list.length];
}

/** e.g. `parking-bay-0417`: the number is the DevEUI's last two bytes, so names stay unique in a network. */
export function simulatedDeviceName(devEui: string): string {
  return `${pick(DEVICE_KINDS, devEui)}-${String(parseInt(devEui.slice(-4), 16)).padStart(4, '0')}`;
}

/** e.g. `gw-zuidas-tower-fd97`. */
export function simulatedGatewayName(gatewayEui: string): string {
  return `gw-${pick(GATEWAY_SITES, gatewayEui)}-${gatewayEui.slice(-4)}`;
}
