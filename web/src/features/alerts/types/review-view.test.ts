import { alertFiltersOf, initialReviewView, reduceReviewView, type ReviewView } from './review-view';

const NOW = new Date('2024-03-05T12:00:00Z');

function filteredView(): ReviewView {
  let view = initialReviewView(NOW);
  view = reduceReviewView(view, { type: 'toggle-risk', risk: 'HIGH' });
  view = reduceReviewView(view, { type: 'toggle-type', code: 'LAF-001' });
  view = reduceReviewView(view, { type: 'toggle-data-collector', id: 3 });
  view = reduceReviewView(view, { type: 'toggle-status', status: 'resolved' });
  return reduceReviewView(view, { type: 'page', page: 4 });
}

describe('alerts review view', () => {
  it('starts on the last day of unresolved alerts, newest first, 50 a page', () => {
    const view = initialReviewView(NOW);
    expect(view.filters.range.from.toISOString()).toBe('2024-03-04T12:00:00.000Z');
    expect(view.sort).toEqual({ field: 'created_at', direction: 'DESC' });
    expect(view.pageSize).toBe(50);
    expect(alertFiltersOf(view.filters)).toEqual({
      resolved: false,
      createdFrom: '2024-03-04T12:00:00.000Z',
      createdTo: undefined,
      types: undefined,
      risks: undefined,
      dataCollectorIds: undefined,
    });
  });

  it('resets type, risk and data source filters and sets unresolved on any range, on page 1', () => {
    const picked = reduceReviewView(filteredView(), {
      type: 'range',
      range: { from: new Date('2024-03-01T00:00:00Z'), to: new Date('2024-03-02T00:00:00Z') },
    });
    expect(picked.page).toBe(0);
    expect(picked.filters).toMatchObject({
      types: [],
      risks: [],
      dataCollectorIds: [],
      status: 'unresolved',
      quick: null,
    });
    // A picked range is closed at its end.
    expect(alertFiltersOf(picked.filters).createdTo).toBe('2024-03-02T00:00:00.000Z');

    const quick = reduceReviewView(filteredView(), { type: 'quick-range', range: 'MONTH', now: NOW });
    expect(quick.filters).toMatchObject({
      types: [],
      risks: [],
      dataCollectorIds: [],
      status: 'unresolved',
      quick: 'MONTH',
    });
    expect(quick.filters.range.from.toISOString()).toBe('2024-02-05T12:00:00.000Z');
  });

  it('toggles the status: one at a time, the active one off means no filter', () => {
    let view = initialReviewView(NOW);
    view = reduceReviewView(view, { type: 'toggle-status', status: 'resolved' });
    expect(view.filters.status).toBe('resolved');
    view = reduceReviewView(view, { type: 'toggle-status', status: 'resolved' });
    expect(view.filters.status).toBeNull();
    expect(alertFiltersOf(view.filters).resolved).toBeUndefined();
  });

  it('returns to page 1 on every filter and sort change, not on a page change', () => {
    const view = filteredView();
    expect(view.page).toBe(4);
    expect(reduceReviewView(view, { type: 'toggle-risk', risk: 'HIGH' }).page).toBe(0);
    expect(reduceReviewView(view, { type: 'clear-filters' }).page).toBe(0);
    expect(reduceReviewView(view, { type: 'sort', field: 'type' })).toMatchObject({
      page: 0,
      sort: { field: 'type', direction: 'DESC' },
    });
    expect(reduceReviewView(view, { type: 'page-size', size: 25 })).toMatchObject({ page: 0, pageSize: 25 });
  });

  it('Clear drops every chip filter, the status included', () => {
    const cleared = reduceReviewView(filteredView(), { type: 'clear-filters' });
    expect(cleared.filters).toMatchObject({ types: [], risks: [], dataCollectorIds: [], status: null });
  });

  it('reload rolls a quick range forward to now and loads again from page 1', () => {
    const later = new Date('2024-03-05T13:00:00Z');
    const view = reduceReviewView({ ...initialReviewView(NOW), page: 2 }, { type: 'reload', now: later });
    expect(view.filters.range.to).toEqual(later);
    expect(view.page).toBe(0);
    expect(view.generation).toBe(1);
  });
});
