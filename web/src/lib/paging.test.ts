import { describe, expect, it } from 'vitest';
import { orderByParam, pageCount, pageFromHeaders, toggleSort } from './paging';

describe('sorting a list', () => {
  it('selects another field descending, and toggles the active one', () => {
    const byDate = toggleSort(null, 'created_at');
    expect(byDate).toEqual({ field: 'created_at', direction: 'DESC' });
    expect(toggleSort(byDate, 'created_at')).toEqual({ field: 'created_at', direction: 'ASC' });
    expect(toggleSort({ field: 'created_at', direction: 'ASC' }, 'created_at').direction).toBe('DESC');
    expect(toggleSort(byDate, 'last_checked')).toEqual({ field: 'last_checked', direction: 'DESC' });
  });

  it('sends order_by as a field and direction pair, nothing when cleared', () => {
    expect(orderByParam({ field: 'since', direction: 'ASC' })).toEqual(['since', 'ASC']);
    expect(orderByParam(null)).toBeUndefined();
  });
});

describe('reading a paged answer', () => {
  it('takes totals from the headers', () => {
    const headers = new Headers({ 'total-items': '120', 'total-pages': '3' });
    expect(pageFromHeaders({ data: [1, 2], headers })).toEqual({
      items: [1, 2],
      totalItems: 120,
      totalPages: 3,
    });
  });

  it('falls back to the items when the headers are absent', () => {
    expect(pageFromHeaders({ data: ['a'], headers: new Headers() })).toEqual({
      items: ['a'],
      totalItems: 1,
      totalPages: 1,
    });
  });
});

describe('counting pages', () => {
  it('rounds up and never offers fewer than one page', () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
  });
});
