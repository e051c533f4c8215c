import { describe, expect, it } from 'vitest';
import { newRowCount, nextSnapshot } from './live-hold';

describe('live lists held still', () => {
  const first = { rows: [{ id: 1 }], view: 'page 0' };
  const newer = { rows: [{ id: 2 }, { id: 1 }], view: 'page 0' };

  it('applies live rows at once when nothing holds the list', () => {
    expect(nextSnapshot(first, newer, false)).toBe(newer);
  });

  it('keeps the rows on screen while held', () => {
    expect(nextSnapshot(first, newer, true)).toBe(first);
  });

  it('applies a change of page, filter or sort even while held', () => {
    const otherPage = { rows: [{ id: 9 }], view: 'page 1' };
    expect(nextSnapshot(first, otherPage, true)).toEqual({ ...otherPage, awaitingView: true });
  });

  it('shows the rows loaded for a new view even while held, then holds again', () => {
    // The sort changed while the pointer is over the table: the old rows stay until the sorted ones arrive...
    const asked = nextSnapshot(first, { rows: first.rows, view: 'sorted' }, true);
    expect(asked.rows).toBe(first.rows);
    // ...which are shown at once...
    const sorted = { rows: [{ id: 0 }, { id: 1 }], view: 'sorted' };
    const loaded = nextSnapshot(asked, sorted, true);
    expect(loaded.rows).toBe(sorted.rows);
    // ...and live rows after them wait again.
    const live = { rows: [{ id: 5 }, { id: 0 }, { id: 1 }], view: 'sorted' };
    expect(nextSnapshot(loaded, live, true)).toBe(loaded);
    expect(nextSnapshot(loaded, live, false)).toBe(live);
  });

  it('waits for the rows of a new view while they load, whatever else comes meanwhile', () => {
    // Reload now while the pointer is over the table: a live update of the old rows comes before the answer.
    const asked = nextSnapshot(first, { rows: first.rows, view: 'reloaded' }, true, true);
    const touched = { rows: [...first.rows], view: 'reloaded' };
    const meanwhile = nextSnapshot(asked, touched, true, true);
    expect(meanwhile).toEqual({ ...touched, awaitingView: true });
    // The answer is shown though the list is held...
    const answer = { rows: [{ id: 7 }, { id: 1 }], view: 'reloaded' };
    const loaded = nextSnapshot(meanwhile, answer, true, false);
    expect(loaded.rows).toBe(answer.rows);
    expect(loaded.awaitingView).toBe(false);
    // ...and what comes after it is held again.
    expect(nextSnapshot(loaded, { rows: [{ id: 8 }], view: 'reloaded' }, true, false)).toBe(loaded);
  });

  it('counts the incoming rows that are not on screen', () => {
    expect(newRowCount(first.rows, newer.rows, (row) => row.id)).toBe(1);
    expect(newRowCount(newer.rows, first.rows, (row) => row.id)).toBe(0);
  });
});
