/**
 * Vendor of a device or gateway from its EUI, as registered with the IEEE: the longest registered prefix wins
 * (MA-S 36 bits, then MA-M 28 bits, then MA-L 24 bits: docs/alert-catalogue.md §2.6). Block owners such as
 * "IEEE Registration Authority" are only the parent of the smaller blocks, so they never name a vendor.
 */
import registry from 'oui-data';

const PREFIX_LENGTHS = [9, 7, 6] as const;
const NOT_A_VENDOR = new Set(['IEEE Registration Authority', 'Private']);

let organizations: ReadonlyMap<string, string> | null = null;

function registered(): ReadonlyMap<string, string> {
  if (organizations === null) {
    // The registry value is the postal address block; its first line is the organization's name.
    const names = new Map<string, string>();
    for (const [prefix, address] of Object.entries(registry)) {
      const name = address.split('\n', 1)[0].trim();
      if (name.length > 0 && !NOT_A_VENDOR.has(name)) names.set(prefix, name);
    }
    organizations = names;
  }
  return organizations;
}

/** The vendor for a 16-hex-character EUI (any case), or null when the prefix is not registered. */
export function vendorOf(eui: string | null): string | null {
  if (eui === null || !/^[0-9a-fA-F]{16}$/.test(eui)) return null;
  const upper = eui.toUpperCase();
  const names = registered();
  for (const length of PREFIX_LENGTHS) {
    const name = names.get(upper.slice(0, length));
    if (name !== undefined) return name;
  }
  return null;
}
