import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, type RecordedRequest } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';

/**
 * 27 vendors as a real network has them: a few with many assets, then a long tail of one to five each (and assets
 * of no known vendor). 8 leaders hold 62 assets, the 19 others 95: as a pie, 'Other (19)' was 60 % of the circle.
 */
const LEADERS = [
  { id: 'Semtech', count: 12 },
  { id: 'Milesight IoT', count: 10 },
  { id: 'Dragino Technology Co., Limited', count: 9 },
  { id: 'Laird Connectivity', count: 8 },
  { id: 'Kerlink', count: 7 },
  { id: 'Elsys', count: 6 },
  { id: 'Adeunis', count: 5 },
  { id: 'Abeeway', count: 5 },
];
const TAIL = Array.from({ length: 18 }, (_, index) => ({ id: `Tail vendor ${index + 1}`, count: 5 }));
const VENDORS = [
  ...[...TAIL].reverse().map(({ id, count }) => ({ id, name: id, count })),
  { id: null, name: null, count: 5 },
  ...LEADERS.map(({ id, count }) => ({ id, name: id, count })),
];

function openInventory() {
  storeSession();
  const app = renderApp('/dashboard/inventory', {
    'GET user_token': () => jsonResponse({ username: 'alice', organization_name: 'Acme' }),
    'GET inventory/list': () => jsonResponse({ assets: [], total_items: 0, total_pages: 0 }),
    'GET inventory/count/vendor': () => jsonResponse(VENDORS),
    'GET inventory/count/data_collector': () => jsonResponse([{ id: 1, name: 'Demo network', count: 157 }]),
    'GET inventory/count/importance': () => jsonResponse([{ id: 'LOW', name: 'LOW', count: 157 }]),
    'GET inventory/count/tag': () => jsonResponse([]),
    'GET tags': () => jsonResponse([]),
    'GET console_config': () => jsonResponse({ map_style_url: null }),
  });
  return app;
}

const rowsOf = (card: HTMLElement) =>
  within(card)
    .getAllByTestId('chart-bar-row')
    .map((row) => ({
      label: within(row).getByTestId('chart-legend-label').textContent,
      count: within(row).getByTestId('chart-bar-count').textContent,
      bar: within(row).getByTestId('chart-bar').style.width,
    }));

const vendorsAsked = (requests: RecordedRequest[]) =>
  [...requests]
    .reverse()
    .find((request) => request.path === 'inventory/list')
    ?.query.getAll('vendors[]');

describe('Inventory BY VENDOR chart', () => {
  it('ranks the leading vendors as bars with their counts, the long tail summed in one Other row', async () => {
    openInventory();
    const card = await screen.findByTestId('chart-vendor');
    await waitFor(() => expect(within(card).getAllByTestId('chart-bar-row')).toHaveLength(8));

    expect(within(card).getByRole('heading', { name: 'BY VENDOR' })).toBeInTheDocument();
    // No pie: nothing drawn as a circle whose largest part is 'Other'.
    expect(within(card).queryByRole('img')).not.toBeInTheDocument();
    // Largest first, whole names, bars scaled to the leader.
    expect(rowsOf(card)).toEqual([
      { label: 'Semtech', count: '12', bar: '100%' },
      { label: 'Milesight IoT', count: '10', bar: '83.3%' },
      { label: 'Dragino Technology Co., Limited', count: '9', bar: '75%' },
      { label: 'Laird Connectivity', count: '8', bar: '66.7%' },
      { label: 'Kerlink', count: '7', bar: '58.3%' },
      { label: 'Elsys', count: '6', bar: '50%' },
      { label: 'Abeeway', count: '5', bar: '41.7%' },
      { label: 'Adeunis', count: '5', bar: '41.7%' },
    ]);
    expect(within(card).getByRole('button', { name: 'Semtech: 12' })).toHaveTextContent('7.6%');

    // The rest is one row that says how many vendors and assets it holds, and draws no bar to rival the leaders.
    const other = within(card).getByTestId('chart-bar-other');
    expect(within(other).getByTestId('chart-legend-label')).toHaveTextContent(/^Other \(19\)$/);
    expect(within(other).getByTestId('chart-bar-count')).toHaveTextContent('95');
    expect(other).toHaveTextContent('60.5%');
    expect(within(other).queryByTestId('chart-bar')).not.toBeInTheDocument();
    expect(within(other).queryByRole('button')).not.toBeInTheDocument();
  });

  it('lists every vendor on show more, filters by one of the tail, and keeps it in view on show less', async () => {
    const user = userEvent.setup();
    const { requests } = openInventory();
    const card = await screen.findByTestId('chart-vendor');
    await waitFor(() => expect(within(card).getAllByTestId('chart-bar-row')).toHaveLength(8));

    await user.click(within(card).getByRole('button', { name: 'show more' }));
    expect(within(card).getAllByTestId('chart-bar-row')).toHaveLength(27);
    expect(within(card).queryByTestId('chart-bar-other')).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Unknown vendor: 5' }));
    await waitFor(() => expect(vendorsAsked(requests)).toEqual(['null']));
    expect(within(screen.getByTestId('filter-chips')).getByText('Unknown vendor')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'show less' }));
    // The filter in force keeps its row; the others fade.
    const picked = within(card).getByRole('button', { name: 'Unknown vendor: 5' });
    expect(picked).toHaveAttribute('aria-pressed', 'true');
    expect(within(card).getAllByTestId('chart-bar-row')).toHaveLength(9);
    expect(within(card).getByTestId('chart-bar-other')).toHaveTextContent(/^Other \(18\)/);
    expect(within(card).getByRole('button', { name: 'Semtech: 12' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    // A second click on it lifts the filter.
    await user.click(picked);
    await waitFor(() => expect(vendorsAsked(requests)).toEqual([]));
  });
});
