import { toQueryString } from './query-string';

describe('toQueryString', () => {
  it('sends arrays as repeated bracketed keys and leaves out empty values', () => {
    expect(
      toQueryString({
        include_parameters: true,
        page: 0,
        type: ['LAF-001', 'LAF-003'],
        order_by: ['created_at', 'DESC'],
        'created_at[gte]': '2021-03-01T12:00:00Z',
        risk: undefined,
        resolved: null,
      }),
    ).toBe(
      'include_parameters=true&page=0&type[]=LAF-001&type[]=LAF-003&order_by[]=created_at&order_by[]=DESC' +
        '&created_at[gte]=2021-03-01T12%3A00%3A00Z',
    );
  });
});
