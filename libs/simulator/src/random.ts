/**
 * Seeded pseudo-random numbers (mulberry32): the simulator must produce the same network for the same seed,
 * so tests and benchmarks can replay it, and Math.random cannot be seeded. Not for cryptography.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Uniform in [min, max). */
  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('cannot pick from an empty list');
    return items[Math.floor(this.next() * items.length)];
  }

  /** Normal distribution (Box–Muller), for radio noise. */
  normal(mean: number, deviation: number): number {
    const u = 1 - this.next();
    const v = this.next();
    return mean + deviation * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  bytes(count: number): Buffer {
    const bytes = Buffer.alloc(count);
    for (let index = 0; index < count; index += 1) bytes[index] = Math.floor(this.next() * 256);
    return bytes;
  }

  hex(byteCount: number): string {
    return this.bytes(byteCount).toString('hex');
  }
}
