import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, type FakeRoute, type RecordedRequest } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import { ALERT_TYPES, makeAlert } from '../../../lib/alerts/alert-fixtures';
import type { Alert } from '../../../lib/alerts/alert';

const ALERTS: Alert[] = [3, 2, 1].map((id) =>
  makeAlert({ id, parameters: { dev_eui: `70b3d57ed000000${id}`, dev_addr: `2601000${id}` } }),
);

function backend(overrides: Record<string, FakeRoute> = {}) {
  return {
    'GET alerts': () => jsonResponse(ALERTS),
    'GET alerts/count': () => jsonResponse({ count: ALERTS.length }),
    'GET alert_types': () => jsonResponse(ALERT_TYPES),
    'GET alert_types/count': () => jsonResponse(ALERT_TYPES.map((type) => ({ ...type, count: 1 }))),
    'GET data_collectors': () =>
      jsonResponse({ data_collectors: [{ id: 3, name: 'ChirpStack lab', count: 3 }] }),
    'GET user_token': () => jsonResponse({ username: 'alice', organization_name: 'Acme' }),
    ...overrides,
  };
}

const lastRequest = (requests: RecordedRequest[], path: string) =>
  requests.filter((request) => request.path === path).at(-1);

async function openAt(path: string, roles = [1], overrides: Record<string, FakeRoute> = {}) {
  storeSession({ roles });
  const app = renderApp(path, backend(overrides));
  await waitFor(() => expect(screen.getByTestId('alerts-table')).toHaveAttribute('aria-busy', 'false'));
  act(() => app.sockets[0]?.connect());
  return app;
}

describe('Alerts review: what operators expect', () => {
  it('opens the view a link describes: range, status, type, sort, page and size', async () => {
    const { requests } = await openAt(
      '/dashboard/alerts_review?range=WEEK&status=resolved&type=LAF-001&sort=type_name&dir=ASC&page=2&size=10',
    );
    const list = lastRequest(requests, 'alerts')!;
    expect(list.query.get('page')).toBe('1');
    expect(list.query.get('size')).toBe('10');
    expect(list.query.get('resolved')).toBe('true');
    expect(list.query.getAll('type[]')).toEqual(['LAF-001']);
    expect(list.query.getAll('order_by[]')).toEqual(['type_name', 'ASC']);
    const from = Date.parse(list.query.get('created_at[gte]')!);
    expect(Date.now() - from).toBeGreaterThan(6.9 * 24 * 3_600_000);
  });

  it('writes each change to the URL, so a reload keeps it', async () => {
    const user = userEvent.setup();
    const { router } = await openAt('/dashboard/alerts_review');
    expect(router.state.location.search).toBe('');
    await user.click(screen.getByRole('checkbox', { name: 'Resolved' }));
    await waitFor(() => expect(router.state.location.search).toContain('status=resolved'));
    await user.selectOptions(screen.getByLabelText('Items per page'), '10');
    await waitFor(() => expect(router.state.location.search).toContain('size=10'));
    // The same URL opened afresh reads the same view.
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('status')).toBe('resolved');
    expect(params.get('size')).toBe('10');
  });

  it('follows a link to another view of the same screen', async () => {
    const { router, requests } = await openAt('/dashboard/alerts_review');
    await act(() => router.navigate('/dashboard/alerts_review?q=pump&status=all'));
    await waitFor(() => expect(lastRequest(requests, 'alerts')?.query.get('search')).toBe('pump'));
    expect(lastRequest(requests, 'alerts')?.query.get('resolved')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('pump');
  });

  it('searches by DevEUI, DevAddr or name from the search box, which / focuses', async () => {
    const user = userEvent.setup();
    const { requests, router } = await openAt('/dashboard/alerts_review');
    const box = screen.getByRole('textbox', { name: 'Search' });
    expect(box).not.toHaveFocus();
    await user.keyboard('/');
    expect(box).toHaveFocus();
    await user.keyboard('70B3D57ED0000002{Enter}');
    await waitFor(() =>
      expect(lastRequest(requests, 'alerts')?.query.get('search')).toBe('70B3D57ED0000002'),
    );
    expect(lastRequest(requests, 'alerts/count')?.query.get('search')).toBe('70B3D57ED0000002');
    expect(lastRequest(requests, 'alert_types/count')?.query.get('search')).toBe('70B3D57ED0000002');
    await waitFor(() => expect(router.state.location.search).toContain('q=70B3D57ED0000002'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(lastRequest(requests, 'alerts')?.query.get('search')).toBeNull());
  });

  it('lets an administrator resolve the ticked alerts at once and sums up the result', async () => {
    const user = userEvent.setup();
    const { requests } = await openAt('/dashboard/alerts_review', [2], {
      'PUT alerts/resolve': () =>
        jsonResponse({ message: '', resolved: [3], failed: [{ id: 1, error: 'not found' }] }),
    });
    const button = screen.getByRole('button', { name: 'Resolve selected' });
    expect(button).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select alert 3' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select alert 1' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resolve selected (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve selected alerts' });
    await user.type(within(dialog).getByLabelText('Comment'), 'checked on site');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(lastRequest(requests, 'alerts/resolve')).toBeDefined());
    expect(lastRequest(requests, 'alerts/resolve')!.body).toEqual({
      ids: [3, 1],
      comment: 'checked on site',
    });
    expect(await screen.findByText('1 alert resolved; 1 alert could not be resolved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Resolve selected' })).toBeDisabled());
  });

  it('ticks every row of the page at once', async () => {
    const user = userEvent.setup();
    await openAt('/dashboard/alerts_review', [2]);
    await user.click(screen.getByRole('checkbox', { name: 'Select every alert of the page' }));
    expect(screen.getByRole('button', { name: 'Resolve selected (3)' })).toBeEnabled();
  });

  it('shows no check boxes to a regular user', async () => {
    await openAt('/dashboard/alerts_review', [1]);
    expect(screen.queryByRole('checkbox', { name: /Select alert/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Resolve selected/ })).not.toBeInTheDocument();
  });

  it('steps through alerts with ← and → in the dialog, and closes it with Esc', async () => {
    const user = userEvent.setup();
    await openAt('/dashboard/alerts_review');
    await user.click(screen.getByRole('button', { name: /Show details of alert 3:/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Previous' })).toBeEnabled());
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeEnabled();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled());
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Previous' })).toBeDisabled());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
