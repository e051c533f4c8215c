import { boundOf, repeatedId, replayIn, type TailEvent } from './kurrent-idempotency';

const tail = (...ids: string[]): TailEvent[] =>
  ids.map((id, index) => ({ id, revision: 10 + index, position: 1_000 + index * 100 }));

describe('replayIn', () => {
  it('answers an exact replay with the revision and position of its last event', () => {
    expect(replayIn(tail('x', 'a', 'b', 'y'), ['a', 'b'])).toEqual({
      kind: 'replay',
      revision: 12,
      position: 1_200,
    });
    expect(replayIn(tail('a'), ['a'])).toEqual({ kind: 'replay', revision: 10, position: 1_000 });
  });

  it('calls any other reuse of an id a duplicate, naming where the id is', () => {
    expect(replayIn(tail('a', 'b'), ['a', 'c'])).toEqual({ kind: 'duplicate', id: 'a', revision: 10 });
    expect(replayIn(tail('a', 'b'), ['c', 'b'])).toEqual({ kind: 'duplicate', id: 'b', revision: 11 });
    // The start of a replay at the very end, its rest missing: not the same append.
    expect(replayIn(tail('x', 'a'), ['a', 'b'])).toEqual({ kind: 'duplicate', id: 'a', revision: 11 });
  });

  it('finds nothing for new ids, an empty stream or an empty append', () => {
    expect(replayIn(tail('a', 'b'), ['c', 'd'])).toEqual({ kind: 'new' });
    expect(replayIn([], ['a'])).toEqual({ kind: 'new' });
    expect(replayIn(tail('a'), [])).toEqual({ kind: 'new' });
  });
});

describe('repeatedId', () => {
  it('names the first id that comes twice in one append', () => {
    expect(repeatedId(['a', 'b', 'a', 'b'])).toBe('a');
    expect(repeatedId(['a', 'b'])).toBeNull();
  });
});

describe('boundOf', () => {
  const bounds = [
    { prefix: 'collector-lease-', maxCount: 50 },
    { prefix: 'collector-', maxCount: 1_000 },
  ];

  it('takes the longest matching prefix', () => {
    expect(boundOf('collector-lease-7', bounds)).toBe(50);
    expect(boundOf('collector-presence', bounds)).toBe(1_000);
    expect(boundOf('organization-1', bounds)).toBeNull();
  });

  it('refuses a bound without a positive maxCount', () => {
    expect(() => boundOf('x', [{ prefix: 'x', maxCount: 0 }])).toThrow('positive maxCount');
  });
});
