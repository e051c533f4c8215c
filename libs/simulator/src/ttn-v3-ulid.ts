import { createHash } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A ULID as TTS writes them in `unique_id` and correlation ids: 48 bits of milliseconds and 80 bits taken
 * from `seed` and `label`, so the same simulated event always gets the same ids and two labels differ.
 */
export function simulatedUlid(timeMs: number, seed: Buffer | string, label: string): string {
  const bytes = Buffer.alloc(16);
  bytes.writeUIntBE(Math.max(0, Math.floor(timeMs)) % 2 ** 48, 0, 6);
  createHash('sha256').update(label).update('|').update(seed).digest().copy(bytes, 6, 0, 10);
  let value = BigInt(`0x${bytes.toString('hex')}`);
  let text = '';
  for (let index = 0; index < 26; index += 1) {
    text = CROCKFORD[Number(value & 31n)] + text;
    value >>= 5n;
  }
  return text;
}
