/**
 * Kafka's murmur2 (org.apache.kafka.common.utils.Utils.murmur2) over the key's UTF-8 bytes, so that the
 * embedded log puts a key in the same partition as Kafka's default partitioner would.
 */
export function murmur2(key: string): number {
  const data = Buffer.from(key, 'utf8');
  const m = 0x5bd1e995;
  const length = data.length;
  let h = 0x9747b28c ^ length;
  const whole = length - (length % 4);
  for (let i = 0; i < whole; i += 4) {
    let k = data[i] | (data[i + 1] << 8) | (data[i + 2] << 16) | (data[i + 3] << 24);
    k = Math.imul(k, m);
    k ^= k >>> 24;
    k = Math.imul(k, m);
    h = Math.imul(h, m) ^ k;
  }
  const tail = length % 4;
  if (tail === 3) h ^= data[whole + 2] << 16;
  if (tail >= 2) h ^= data[whole + 1] << 8;
  if (tail >= 1) h = Math.imul(h ^ data[whole], m);
  h ^= h >>> 13;
  h = Math.imul(h, m);
  h ^= h >>> 15;
  return h | 0;
}

/** Kafka's toPositive: masks the sign bit (Math.abs would keep -2^31 negative in Java). */
export function partitionForKey(key: string, partitions: number): number {
  if (!Number.isInteger(partitions) || partitions < 1)
    throw new RangeError(`Invalid partition count ${partitions}`);
  return (murmur2(key) & 0x7fffffff) % partitions;
}
