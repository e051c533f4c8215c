/**
 * LoRaWAN puts every multi-byte field on the air little-endian, while network servers, our records and our
 * users read them big-endian ("display order"). These helpers are the only place where that flip happens.
 */

/** Lowercase big-endian hex of a field given in wire (little-endian) order. */
export function displayHexFromWire(wire: Buffer): string {
  return Buffer.from(wire).reverse().toString('hex');
}

/** Wire (little-endian) bytes of a field given as big-endian hex, checked against the field's size. */
export function wireFromDisplayHex(hex: string, size: number, field: string): Buffer {
  if (hex.length !== size * 2 || !/^[0-9a-fA-F]*$/.test(hex)) {
    throw new RangeError(`${field} must be ${size * 2} hex characters, got "${hex}"`);
  }
  return Buffer.from(hex, 'hex').reverse();
}

/** Little-endian bytes of an unsigned integer field (DevNonce, JoinNonce, FCnt). */
export function wireFromUint(value: number, size: number, field: string): Buffer {
  if (!Number.isInteger(value) || value < 0 || value >= 2 ** (8 * size)) {
    throw new RangeError(`${field} must be an integer in 0..${2 ** (8 * size) - 1}, got ${value}`);
  }
  return Buffer.from(value.toString(16).padStart(size * 2, '0'), 'hex').reverse();
}
