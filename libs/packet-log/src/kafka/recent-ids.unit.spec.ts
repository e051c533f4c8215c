import { RecentIds } from './recent-ids';

describe('RecentIds', () => {
  it('finds an id in its partition and anywhere', () => {
    const ids = new RecentIds(3, 10);
    ids.add(1, 'a', 0);
    ids.add(2, 'b', 5);
    expect(ids.find(1, 'a')).toBe(0);
    expect(ids.find(0, 'a')).toBeUndefined();
    expect(ids.findAnywhere('b')).toEqual({ partition: 2, offset: 5 });
    expect(ids.findAnywhere('c')).toBeNull();
  });

  it('keeps the first place of an id written twice', () => {
    const ids = new RecentIds(1, 10);
    ids.add(0, 'a', 0);
    ids.add(0, 'a', 3);
    expect(ids.find(0, 'a')).toBe(0);
  });

  it('forgets the oldest ids beyond the window', () => {
    const ids = new RecentIds(1, 2);
    ids.add(0, 'a', 0);
    ids.add(0, 'b', 1);
    ids.add(0, 'c', 2);
    expect(ids.find(0, 'a')).toBeUndefined();
    expect(ids.find(0, 'c')).toBe(2);
  });

  it('forgets ids below a new log start', () => {
    const ids = new RecentIds(1, 10);
    ids.add(0, 'a', 0);
    ids.add(0, 'b', 1);
    ids.dropBelow(0, 1);
    expect(ids.find(0, 'a')).toBeUndefined();
    expect(ids.find(0, 'b')).toBe(1);
  });

  it('asks to read only what it has not indexed, within the window and the log', () => {
    const ids = new RecentIds(2, 100);
    expect(ids.missing(0, 0, 0)).toBeNull();
    expect(ids.missing(0, 0, 30)).toEqual({ start: 0, end: 30 });
    expect(ids.missing(0, 0, 1000)).toEqual({ start: 900, end: 1000 });
    expect(ids.missing(0, 950, 1000)).toEqual({ start: 950, end: 1000 });
    ids.add(0, 'x', 979);
    expect(ids.missing(0, 0, 1000)).toEqual({ start: 980, end: 1000 });
    ids.markIndexed(0, 1000);
    expect(ids.missing(0, 0, 1000)).toBeNull();
    expect(ids.missing(1, 0, 5)).toEqual({ start: 0, end: 5 });
  });

  it('refuses a window below one', () => {
    expect(() => new RecentIds(1, 0)).toThrow(RangeError);
  });
});
