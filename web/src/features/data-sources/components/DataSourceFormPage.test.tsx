import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, type FakeRoute } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';

const TYPES = [
  { id: 1, type: 'chirpstack_collector', name: 'ChirpStack v3' },
  { id: 2, type: 'ttn_collector', name: 'The Things Network v2 (legacy)' },
  { id: 3, type: 'ttn_v3_collector', name: 'The Things Stack (TTN v3)' },
  { id: 4, type: 'chirpstack_v4_collector', name: 'ChirpStack v4' },
];

function backend(overrides: Record<string, FakeRoute> = {}): Record<string, FakeRoute> {
  return {
    'GET data_collector_types': () => jsonResponse(TYPES),
    'GET data_collectors/ttn_regions': () => jsonResponse([{ id: 1, region: 'eu1', name: 'Europe 1 (eu1)' }]),
    'GET policies': () =>
      jsonResponse([
        { id: 1, name: 'Default', isDefault: true, items: [], dataCollectors: [] },
        { id: 5, name: 'Strict', isDefault: false, items: [], dataCollectors: [] },
      ]),
    'GET user_token': () => jsonResponse({ username: 'alice', organization_name: 'Acme' }),
    'GET data_collectors': () => jsonResponse({ data_collectors: [] }),
    'GET data_collectors/activity': () => jsonResponse([]),
    ...overrides,
  };
}

async function openNewForm(overrides: Record<string, FakeRoute> = {}) {
  storeSession({ roles: [2] });
  const app = renderApp('/dashboard/data_collectors/new', backend(overrides));
  await screen.findByRole('heading', { name: 'New Data Source' });
  await screen.findByRole('textbox', { name: 'Type' });
  return app;
}

async function chooseType(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('textbox', { name: 'Type' }));
  await user.click(await screen.findByRole('option', { name }));
}

describe('New Data Source form', () => {
  it('preselects Default, warns about clear text, and gates Test connection on a valid form', async () => {
    const user = userEvent.setup();
    await openNewForm();
    expect(screen.getByRole('textbox', { name: 'Policy' })).toHaveValue('Default');
    const test = screen.getByRole('button', { name: 'Test connection' });
    expect(test).toBeDisabled();
    await chooseType(user, 'ChirpStack v3');
    expect(
      screen.getByText("If you don't enable SSL, credentials will be sent in clear text."),
    ).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Lab');
    await user.type(screen.getByRole('textbox', { name: 'IP or hostname' }), '300.1.1.1');
    expect(screen.getByText('Enter a valid IP address or hostname')).toBeInTheDocument();
    expect(test).toBeDisabled();

    await user.click(screen.getByRole('switch', { name: 'SSL' }));
    expect(
      screen.queryByText("If you don't enable SSL, credentials will be sent in clear text."),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'CA certificate' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Client certificate' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Client key' })).toBeInTheDocument();
  });

  it('shows the name limit message', async () => {
    const user = userEvent.setup();
    await openNewForm();
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.click(name);
    await user.paste('n'.repeat(121));
    expect(screen.getByText("Name length can't be greater than 120")).toBeInTheDocument();
  });

  it('saves only after a successful test, then returns to the list', async () => {
    const user = userEvent.setup();
    const app = await openNewForm({
      'POST data_collectors/test': () => jsonResponse({ id: 'abc', message: 'Testing data collector' }),
      'GET data_collectors/test': () =>
        jsonResponse({ haveResponse: true, type: 'SUCCESS', message: 'Connected and subscribed' }),
      'POST data_collectors': () => jsonResponse({ message: 'Data Collector Added Successfully', id: 9 }),
    });
    await chooseType(user, 'ChirpStack v3');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Lab');
    await user.type(screen.getByRole('textbox', { name: 'IP or hostname' }), 'broker.local');
    await user.type(screen.getByRole('textbox', { name: 'Port' }), '1883');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    // The first poll comes after the spec's 5 s.
    expect(
      await screen.findByText('SUCCESS: Connected and subscribed', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/dashboard/data_collectors'));
    const created = app.requests.find(
      (request) => request.method === 'POST' && request.path === 'data_collectors',
    );
    expect(created?.body).toMatchObject({
      name: 'Lab',
      data_collector_type_id: 1,
      policy_id: 1,
      ip: 'broker.local',
      port: '1883',
      ssl: false,
    });
  }, 40_000);

  it('shows the save failure text', async () => {
    const user = userEvent.setup();
    await openNewForm({
      'POST data_collectors/test': () => jsonResponse({ id: 'abc' }),
      'GET data_collectors/test': () => jsonResponse({ haveResponse: true, type: 'SUCCESS', message: 'ok' }),
      'POST data_collectors': () => jsonResponse({ error: 'boom' }, 500),
    });
    await chooseType(user, 'ChirpStack v4');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Lab');
    await user.type(screen.getByRole('textbox', { name: 'IP or hostname' }), '10.0.0.1');
    await user.type(screen.getByRole('textbox', { name: 'Port' }), '1883');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    await screen.findByText('SUCCESS: ok', {}, { timeout: 8000 });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Error! There was an error processing your request. Try again later or contact support.',
      ),
    ).toBeInTheDocument();
  }, 40_000);

  it('shows a refused test request as "Test unsuccessful"', async () => {
    const user = userEvent.setup();
    await openNewForm({
      'POST data_collectors/test': () =>
        jsonResponse({ error: 'Not allowed policy.', message: 'Not allowed policy.' }, 400),
    });
    await chooseType(user, 'ChirpStack v3');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Lab');
    await user.type(screen.getByRole('textbox', { name: 'IP or hostname' }), '10.0.0.1');
    await user.type(screen.getByRole('textbox', { name: 'Port' }), '1883');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Test unsuccessful: Not allowed policy.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('asks TTN v3 for a region unless Local Server is on', async () => {
    const user = userEvent.setup();
    await openNewForm();
    await chooseType(user, 'The Things Stack (TTN v3)');
    expect(screen.getByRole('textbox', { name: 'Region' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'IP, hostname or URL' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Local Server' }));
    expect(screen.queryByRole('textbox', { name: 'Region' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'IP, hostname or URL' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Gateway name' }), 'g'.repeat(37));
    expect(screen.getByText("Gateway name length can't be greater than 36")).toBeInTheDocument();
  });

  it.each([
    [
      'the server reason',
      () => jsonResponse({ error: 'Login failed with provided credentials' }, 400),
      'Login failed with provided credentials',
    ],
    [
      'the generic text on a network failure',
      () => Promise.reject(new TypeError('offline')),
      'An error ocurred while trying to get the gateways.',
    ],
  ])('reports a TTN v2 gateway fetch failure with %s', async (_case, route, text) => {
    const user = userEvent.setup();
    await openNewForm({ 'POST data_collectors/ttn_credentials': route as FakeRoute });
    await chooseType(user, 'The Things Network v2 (legacy)');
    await user.type(screen.getByRole('textbox', { name: 'IP, hostname or URL' }), 'ttn.example.com');
    await user.type(screen.getByRole('textbox', { name: 'User' }), 'me');
    await user.type(screen.getByLabelText(/^Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Get gateways' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('lists the TTN v2 gateways to tick, or says there are none', async () => {
    const user = userEvent.setup();
    let gateways = [{ id: 'eui-b827ebfffe000001', description: 'Roof' }];
    await openNewForm({
      'POST data_collectors/ttn_credentials': () =>
        jsonResponse({ message: 'Credentials processed successfully' }),
      'GET data_collectors/user_gateways': () => jsonResponse(gateways),
    });
    await chooseType(user, 'The Things Network v2 (legacy)');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Old account');
    await user.type(screen.getByRole('textbox', { name: 'IP, hostname or URL' }), 'ttn.example.com');
    await user.type(screen.getByRole('textbox', { name: 'User' }), 'me');
    await user.type(screen.getByLabelText(/^Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Get gateways' }));
    expect(screen.getByRole('button', { name: 'Test connection' })).toBeDisabled();
    const group = await screen.findByRole('group', { name: 'Gateways to monitor' });
    await user.click(within(group).getByRole('checkbox', { name: 'eui-b827ebfffe000001 (Roof)' }));
    expect(screen.getByRole('button', { name: 'Test connection' })).toBeEnabled();
    gateways = [];
    await user.click(screen.getByRole('button', { name: 'Get gateways' }));
    expect(await screen.findByText('No gateways were found for this account.')).toBeInTheDocument();
  });

  it('refuses regular users', async () => {
    storeSession({ roles: [1] });
    renderApp('/dashboard/data_collectors/new', backend());
    expect(await screen.findByText('Access Forbidden')).toBeInTheDocument();
  });
});
