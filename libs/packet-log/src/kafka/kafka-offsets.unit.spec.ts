import {
  byPartition,
  chunk,
  commitAfter,
  committedFromKafka,
  fetchSettings,
  fromKafkaOffset,
  gapCommits,
  placeSentMessages,
  pruneTargets,
  reachedEnds,
  readRange,
  toKafkaOffset,
} from './kafka-offsets';

describe('offsets between Kafka strings and port numbers', () => {
  it('parses and formats offsets, refusing what a number cannot hold exactly', () => {
    expect(fromKafkaOffset('0')).toBe(0);
    expect(fromKafkaOffset('123456789')).toBe(123456789);
    expect(fromKafkaOffset('-1')).toBe(-1);
    expect(() => fromKafkaOffset('9007199254740993')).toThrow('beyond 2^53');
    expect(() => fromKafkaOffset('1.5')).toThrow(RangeError);
    expect(toKafkaOffset(42)).toBe('42');
    expect(() => toKafkaOffset(-1)).toThrow(RangeError);
    expect(() => toKafkaOffset(0.5)).toThrow(RangeError);
  });

  it('reads a never-committed partition (-1) as 0, and a commit as the next offset to read', () => {
    expect(committedFromKafka('-1')).toBe(0);
    expect(committedFromKafka('17')).toBe(17);
  });

  it('lays per-partition answers out in partition order, filling the absent ones', () => {
    expect(
      byPartition(
        [
          { partition: 2, offset: 9 },
          { partition: 0, offset: 4 },
          { partition: 7, offset: 1 },
        ],
        3,
      ),
    ).toEqual([4, 0, 9]);
  });
});

describe('batches and commits', () => {
  it('commits one past the last record of a batch', () => {
    expect(commitAfter(['10', '11', '12'])).toBe(13);
    expect(() => commitAfter([])).toThrow(RangeError);
  });

  it('cuts a fetched batch to maxBatch, in order', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 3)).toEqual([]);
    expect(() => chunk([1], 0)).toThrow(RangeError);
  });

  it('gives each sent message its offset from its partition base offset', () => {
    const sent = [
      { partition: 1, errorCode: 0, baseOffset: '40' },
      { partition: 0, errorCode: 0, baseOffset: '7' },
    ];
    expect(placeSentMessages([1, 0, 1, 1, 0], sent)).toEqual([40, 7, 41, 42, 8]);
  });

  it('refuses an answer with an error code or without a base offset', () => {
    expect(() => placeSentMessages([0], [{ partition: 0, errorCode: 6, baseOffset: '1' }])).toThrow(
      'error 6',
    );
    expect(() => placeSentMessages([0], [{ partition: 0, errorCode: 0 }])).toThrow('no offset');
    expect(() => placeSentMessages([3], [{ partition: 0, errorCode: 0, baseOffset: '1' }])).toThrow(
      'partition 3',
    );
  });
});

describe('readRange', () => {
  it('reads from the requested offset, up to maxCount and the end', () => {
    expect(readRange(1, 2, 0, 4)).toEqual({ start: 1, end: 3 });
    expect(readRange(2, 10, 0, 4)).toEqual({ start: 2, end: 4 });
  });

  it('starts at the log start when retention removed the requested offsets', () => {
    expect(readRange(0, 10, 5, 8)).toEqual({ start: 5, end: 8 });
  });

  it('has nothing to read at or past the end, or for a count of 0', () => {
    expect(readRange(4, 10, 0, 4)).toBeNull();
    expect(readRange(0, 10, 3, 3)).toBeNull();
    expect(readRange(0, 0, 0, 4)).toBeNull();
  });
});

describe('gaps left by retention and draining', () => {
  it('moves a partition whose committed offset is below the log start to the log start', () => {
    expect(gapCommits([0, 1, 2], [0, 5, 2], [3, 5, 1])).toEqual([{ partition: 0, offset: 3 }]);
    expect(gapCommits([1], [0, 0], [4, 4])).toEqual([{ partition: 1, offset: 4 }]);
  });

  it('is drained when every target partition committed up to its noted end', () => {
    const targets = new Map([
      [0, 3],
      [2, 5],
    ]);
    expect(reachedEnds(targets, [3, 0, 5])).toBe(true);
    expect(reachedEnds(targets, [3, 9, 4])).toBe(false);
    expect(reachedEnds(new Map(), [])).toBe(true);
  });
});

describe('pruneTargets', () => {
  it('deletes up to the first record at or after the cutoff and counts what goes', () => {
    expect(pruneTargets([0, 4, 2], [1, 4, 9])).toEqual({
      deletions: [
        { partition: 0, offset: 1 },
        { partition: 2, offset: 9 },
      ],
      removed: 8,
    });
  });

  it('never moves a log start backwards', () => {
    expect(pruneTargets([5], [3])).toEqual({ deletions: [], removed: 0 });
  });
});

describe('fetchSettings', () => {
  it('answers at once without linger, and holds fetches for the linger otherwise', () => {
    expect(fetchSettings(undefined)).toEqual({ minBytes: 1, maxWaitTimeInMs: 100 });
    expect(fetchSettings(250)).toEqual({ minBytes: 65536, maxWaitTimeInMs: 250 });
    expect(() => fetchSettings(-1)).toThrow(RangeError);
  });
});
