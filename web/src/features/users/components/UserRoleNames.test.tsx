import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { ADMIN, REGULAR, signInAs, usersBackend } from '../testing/users-backend';
import { roleLabelOf } from '../utils/user-messages';

describe('role names for a regular user', () => {
  it('names the administrator role in the user list, though the role list holds only the viewer own role', async () => {
    signInAs(REGULAR);
    renderApp(
      '/dashboard/users',
      usersBackend(REGULAR, { 'GET user': () => jsonResponse({ users: [ADMIN, REGULAR] }) }),
    );
    const admin = await waitFor(() => {
      const row = screen
        .queryAllByTestId('user-row')
        .find((element) => element.getAttribute('data-username') === 'admin');
      if (!row) throw new Error('no row for admin');
      return row;
    });
    await waitFor(() => expect(within(admin).getByText('Admin User')).toBeInTheDocument());
    expect(within(admin).queryByText('2')).toBeNull();
  });

  it('prefers the listed name, then the known one, then the id', () => {
    expect(roleLabelOf(2, [{ id: 2, role_name: 'Org_Admin' }])).toBe('Org Admin');
    expect(roleLabelOf(1, [])).toBe('Regular User');
    expect(roleLabelOf(9, [])).toBe('9');
  });
});
