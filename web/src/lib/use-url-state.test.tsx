import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { listViewCodec, sameShape, useUrlListState, withView } from './use-url-state';

interface Filters {
  risks: string[];
  kind: string | null;
}

const CODEC = listViewCodec<Filters>({
  filters: { risks: [], kind: null },
  sort: { field: 'date', direction: 'DESC' },
  page: 0,
  pageSize: 50,
});

function Probe() {
  const list = useUrlListState(CODEC);
  return (
    <div>
      <output data-testid="view">
        {JSON.stringify([list.filters, list.sort, list.page, list.pageSize])}
      </output>
      <button onClick={() => list.setPage(list.page + 1)}>next page</button>
      <button onClick={() => list.setFilters({ risks: ['HIGH'], kind: 'device' })}>filter</button>
      <button onClick={() => list.setSort(null)}>no order</button>
      <button onClick={() => list.setPageSize(10)}>size 10</button>
    </div>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/list', element: <Probe /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  const view = () => JSON.parse(screen.getByTestId('view').textContent ?? '') as unknown[];
  return { router, view };
}

describe('view state in the URL', () => {
  it('starts from the defaults with a plain URL, and writes nothing for them', () => {
    const { router, view } = renderAt('/list');
    expect(view()).toEqual([{ risks: [], kind: null }, { field: 'date', direction: 'DESC' }, 0, 50]);
    expect(router.state.location.search).toBe('');
  });

  it('reads filters, sort, page and size from a link', () => {
    const filters = encodeURIComponent(JSON.stringify({ risks: ['LOW'], kind: 'gateway' }));
    const { view } = renderAt(`/list?f=${filters}&sort=name&dir=ASC&page=3&size=25`);
    expect(view()).toEqual([{ risks: ['LOW'], kind: 'gateway' }, { field: 'name', direction: 'ASC' }, 2, 25]);
  });

  it('ignores what it cannot read: filters of another shape, bad numbers', () => {
    const { view } = renderAt(`/list?f=${encodeURIComponent('{"risks":"HIGH"}')}&page=-2&size=abc`);
    expect(view()).toEqual([{ risks: [], kind: null }, { field: 'date', direction: 'DESC' }, 0, 50]);
  });

  it('ignores filters that are not JSON', () => {
    const { view } = renderAt('/list?f=%7Bnot-json');
    expect(view()[0]).toEqual({ risks: [], kind: null });
  });

  it('writes each change back, replacing the history entry, and keeps parameters it does not own', async () => {
    const user = userEvent.setup();
    const { router, view } = renderAt('/list?as_of=2024-03-05T12:00:00.000Z');
    await user.click(screen.getByRole('button', { name: 'next page' }));
    expect(router.state.location.search).toContain('page=2');
    expect(router.state.historyAction).toBe('REPLACE');
    await user.click(screen.getByRole('button', { name: 'filter' }));
    // New filters start again on the first page.
    expect(view()[2]).toBe(0);
    await user.click(screen.getByRole('button', { name: 'no order' }));
    await user.click(screen.getByRole('button', { name: 'size 10' }));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('as_of')).toBe('2024-03-05T12:00:00.000Z');
    expect(JSON.parse(params.get('f') ?? '')).toEqual({ risks: ['HIGH'], kind: 'device' });
    expect(params.get('dir')).toBe('none');
    expect(params.get('size')).toBe('10');
    expect(params.get('page')).toBeNull();
  });

  it('keeps a change made before the router has shown the previous write', async () => {
    // A route whose navigations take a while (a loader): the router applies a write some time after the event,
    // so the second change meets the URL of before the first, which is not a navigation from outside.
    const router = createMemoryRouter(
      [
        {
          path: '/list',
          element: <Probe />,
          loader: () => new Promise<null>((resolve) => setTimeout(() => resolve(null), 30)),
        },
      ],
      { initialEntries: ['/list'] },
    );
    render(<RouterProvider router={router} />);
    await screen.findByTestId('view');
    const view = () => JSON.parse(screen.getByTestId('view').textContent ?? '') as unknown[];
    fireEvent.click(screen.getByRole('button', { name: 'filter' }));
    fireEvent.click(screen.getByRole('button', { name: 'size 10' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('size')).toBe('10'));
    const params = new URLSearchParams(router.state.location.search);
    expect(JSON.parse(params.get('f') ?? '')).toEqual({ risks: ['HIGH'], kind: 'device' });
    expect(view()[0]).toEqual({ risks: ['HIGH'], kind: 'device' });
    expect(view()[3]).toBe(10);
  });

  it('follows the URL when it changes from outside (a link, Back)', async () => {
    const { router, view } = renderAt('/list');
    await act(() => router.navigate('/list?page=4'));
    expect(view()[2]).toBe(3);
    await act(() => router.navigate('/list'));
    expect(view()[2]).toBe(0);
  });
});

describe('helpers', () => {
  it('compares shapes one level at a time', () => {
    expect(sameShape({ a: [], b: null, c: { min: 0 } }, { a: [1], b: 'x', c: { min: 3 } })).toBe(true);
    expect(sameShape({ a: [] }, { a: 'x' })).toBe(false);
    expect(sameShape({ a: false }, {})).toBe(false);
  });

  it('replaces only the codec keys of a URL', () => {
    const params = withView(new URLSearchParams('page=3&other=1'), CODEC, {
      filters: { risks: [], kind: null },
      sort: { field: 'date', direction: 'DESC' },
      page: 0,
      pageSize: 50,
    });
    expect(params.toString()).toBe('other=1');
  });
});
