import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { ADMIN, REGULAR, signInAs, usersBackend } from '../testing/users-backend';

const HASH = 'ab'.repeat(32);
const listOf = (users: unknown[]) => () => jsonResponse({ users });

describe('event record panel on the user list', () => {
  it('verifies the record on demand and shows the head position and hash', async () => {
    signInAs(ADMIN);
    let calls = 0;
    renderApp(
      '/dashboard/users',
      usersBackend(ADMIN, {
        'GET user': listOf([ADMIN, REGULAR]),
        'GET audit/verify': () => {
          calls += 1;
          return jsonResponse({
            ok: true,
            head_position: 48213,
            head_hash: HASH,
            checked_at: '2026-11-26T10:00:00.000Z',
            chain_start: { position: 1200, at: '2026-11-01T08:00:00.000Z', reason: 'migration' },
            before_chain: 1200,
          });
        },
      }),
    );

    const panel = await screen.findByTestId('event-record');
    expect(within(panel).getByRole('heading', { name: 'Event record' })).toBeInTheDocument();
    expect(calls).toBe(0);
    await userEvent.click(within(panel).getByRole('button', { name: 'Verify now' }));

    expect(await within(panel).findByText(/^Intact:/)).toBeInTheDocument();
    expect(panel).toHaveTextContent('Head position 48213, hash');
    expect(panel).toHaveTextContent(HASH);
    expect(panel).toHaveTextContent('when the store was migrated');
    expect(panel).toHaveTextContent('Chain started at position 1200');
    expect(panel).toHaveTextContent('1200 earlier events were recorded before it');
    expect(calls).toBe(1);
  });

  it('names the first position that no longer matches', async () => {
    signInAs(ADMIN);
    renderApp(
      '/dashboard/users',
      usersBackend(ADMIN, {
        'GET user': listOf([ADMIN]),
        'GET audit/verify': () =>
          jsonResponse({
            ok: false,
            head_position: 41,
            head_hash: HASH,
            checked_at: '2026-11-26T10:00:00.000Z',
            first_bad_position: 42,
            chain_start: { position: 0, at: '2026-11-01T08:00:00.000Z', reason: 'new store' },
            before_chain: 0,
          }),
      }),
    );
    const panel = await screen.findByTestId('event-record');
    await userEvent.click(within(panel).getByRole('button', { name: 'Verify now' }));
    expect(
      await within(panel).findByText(
        'Altered: the event at position 42 no longer matches its hash. The record is intact up to position 41.',
      ),
    ).toBeInTheDocument();
  });

  it('is not shown to a regular user', async () => {
    signInAs(REGULAR);
    renderApp('/dashboard/users', usersBackend(REGULAR, { 'GET user': listOf([REGULAR]) }));
    expect(await screen.findByRole('heading', { name: 'USER LIST' })).toBeInTheDocument();
    expect(screen.queryByTestId('event-record')).toBeNull();
  });
});
