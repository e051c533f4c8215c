import { murmur2, partitionForKey } from './murmur2';

describe('murmur2', () => {
  it("matches Apache Kafka's own test vectors (UtilsTest.testMurmur2)", () => {
    const vectors: Array<[string, number]> = [
      ['21', -973932308],
      ['foobar', -790332482],
      ['a-little-bit-long-string', -985981536],
      ['a-little-bit-longer-string', -1486304829],
      ['lkjh234lh9fiuh90y23oiuhsafujhadof229phr9h19h89h8', -58897971],
      ['abc', 479470107],
    ];
    for (const [key, expected] of vectors) expect([key, murmur2(key)]).toEqual([key, expected]);
  });

  it('returns a signed 32-bit integer for every tail length and for multi-byte characters', () => {
    for (const key of ['', 'a', 'ab', 'abc', 'abcd', 'abcde', 'clé', '🚀']) {
      const hash = murmur2(key);
      expect(Number.isInteger(hash)).toBe(true);
      expect(hash).toBe(hash | 0);
    }
  });
});

describe('partitionForKey', () => {
  it('maps a key to the same partition every time, within range', () => {
    for (let index = 0; index < 100; index += 1) {
      const key = `1:70b3d57ed000${index}`;
      const partition = partitionForKey(key, 4);
      expect(partition).toBeGreaterThanOrEqual(0);
      expect(partition).toBeLessThan(4);
      expect(partitionForKey(key, 4)).toBe(partition);
    }
  });

  it('spreads keys over every partition', () => {
    const used = new Set(Array.from({ length: 200 }, (_, index) => partitionForKey(`1:dev-${index}`, 4)));
    expect([...used].sort()).toEqual([0, 1, 2, 3]);
  });

  it('rejects a partition count below one', () => {
    expect(() => partitionForKey('k', 0)).toThrow(RangeError);
  });
});
