import { fieldPath, type JsonObject, optionalString } from '../json-fields';
import { MalformedMessage } from '../malformed-message';

/**
 * v4's CodeRate enum, in enum-number order, with the normalised spelling of each (docs/wire-formats.md §8: "4/5").
 * The LI (long-interleaver) rates of LoRa 2.4 GHz keep their suffix, as the packet forwarders write them.
 */
export const V4_CODE_RATES: ReadonlyArray<readonly [name: string, normalised: string | null]> = [
  ['CR_UNDEFINED', null],
  ['CR_4_5', '4/5'],
  ['CR_4_6', '4/6'],
  ['CR_4_7', '4/7'],
  ['CR_4_8', '4/8'],
  ['CR_3_8', '3/8'],
  ['CR_2_6', '2/6'],
  ['CR_1_4', '1/4'],
  ['CR_1_6', '1/6'],
  ['CR_5_6', '5/6'],
  ['CR_LI_4_5', '4/5LI'],
  ['CR_LI_4_6', '4/6LI'],
  ['CR_LI_4_8', '4/8LI'],
];

const BY_NAME = new Map(V4_CODE_RATES);

/**
 * Reads `codeRate` (the enum, by name or number as proto3 JSON allows) of a LoRa or LR-FHSS modulation,
 * falling back to the pre-enum string `codeRateLegacy`. Unset (CR_UNDEFINED, the omitted default) is null.
 */
export function readV4CodeRate(modulation: JsonObject, path: string): string | null {
  const raw = modulation.codeRate;
  const name = typeof raw === 'number' ? V4_CODE_RATES[raw]?.[0] : raw;
  if (raw !== undefined && raw !== null && (typeof name !== 'string' || !BY_NAME.has(name))) {
    throw new MalformedMessage(
      `${fieldPath(path, 'codeRate')} must be one of ${V4_CODE_RATES.map(([known]) => known).join(', ')}`,
    );
  }
  const normalised = typeof name === 'string' ? BY_NAME.get(name) : undefined;
  return normalised ?? (optionalString(modulation, 'codeRateLegacy', path) || null);
}
