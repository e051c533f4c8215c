import type { Page } from 'playwright-core';
import { describeConsole, useConsole, type ConsoleContext } from './support/console-browser';

interface InventoryAnswer {
  assets: Array<{ id: number; hex_id: string; location: { latitude: number | null } | null }>;
}

/** An asset of the demo network, waiting for the first uplinks to have made it appear. */
async function demoAsset(c: ConsoleContext, type: 'device' | 'gateway') {
  const deadline = Date.now() + 60_000;
  for (;;) {
    // A just-started shared server may drop the very first connection: try again until the deadline.
    const answer = await c
      .api<InventoryAnswer>('GET', `inventory/list?asset_type=${type}&size=50`)
      .catch(() => null);
    const assets = answer?.body?.assets ?? [];
    // A gateway with a position shows its marker and circle; any device will do.
    const chosen = assets.find((asset) => type === 'device' || asset.location?.latitude != null) ?? assets[0];
    if (chosen) return chosen;
    if (Date.now() > deadline) throw new Error(`the demo network has no ${type} yet`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function mapShows(page: Page): Promise<void> {
  const map = page.getByTestId('asset-map');
  await map.waitFor();
  // Either markers (the interactive map or its static drawing) or the spec's 'Not available'.
  await page
    .locator(
      '[data-testid="asset-map"] [data-testid="map-marker"], [data-testid="asset-map"] :text("Not available")',
    )
    .first()
    .waitFor({ timeout: 30_000 });
}

/** The asset 360 view against the live demo network. */
describeConsole('asset 360 view in a real browser', () => {
  const ctx = useConsole();

  it('shows a demo device: transmitting state, details, map, alerts, network figures, and copies its link', async () => {
    const c = ctx();
    const device = await demoAsset(c, 'device');
    const page = await c.signedInPage(`/dashboard/assets/device/${device.id}/view`);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: c.url });

    const header = page.getByTestId('asset-header');
    await header.waitFor();
    expect(await header.getByRole('heading', { level: 1 }).innerText()).toBe(
      `DEVICE ${device.hex_id.toUpperCase()}`,
    );
    expect(await page.getByTestId('connection-state').innerText()).toMatch(/^(not )?transmitting$/i);
    expect(await page.getByTestId('device-address').innerText()).toMatch(/Device address: [0-9A-F]{8}/);

    const details = page.getByTestId('asset-details');
    for (const label of [
      'Name',
      'Status',
      'Vendor',
      'Application',
      'Join EUI/App EUI',
      'Data source',
      'Importance',
      'Labels',
    ]) {
      await details.getByRole('rowheader', { name: label, exact: true }).waitFor();
    }
    expect(await details.innerText()).toContain('Demo network');
    await mapShows(page);

    // The device's own 'New device' alert is there from its first uplink.
    await page.getByTestId('asset-alert-row').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('timeline-alert').first().waitFor();
    await page.getByTestId('asset-issues').waitFor();

    const network = page.getByTestId('asset-network');
    await network.getByTestId('rssi').getByText(/dBm/).waitFor({ timeout: 30_000 });
    expect(await network.getByTestId('snr').innerText()).toMatch(/dB/);
    expect(await network.getByTestId('payload-size').innerText()).toMatch(/bytes|-/);
    expect(await network.getByTestId('messages-24h').innerText()).toMatch(/Up: \d+ \(\d+\.\d%\)/);

    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('copied to clipboard...').waitFor();
    await c.screenshot(page, 'assets-device-360');

    // A row opens the shared alert dialog.
    await page.getByTestId('asset-alert-row').first().click();
    await page.getByTestId('alert-dialog-title').waitFor();
    await c.screenshot(page, 'assets-device-alert-dialog');
    await page.close();
  });

  it('shows a demo gateway with its location, alerts, network figures and its devices', async () => {
    const c = ctx();
    const gateway = await demoAsset(c, 'gateway');
    const page = await c.signedInPage(`/dashboard/assets/gateway/${gateway.id}/view`);

    await page.getByTestId('asset-header').waitFor();
    expect(await page.getByTestId('asset-header').getByRole('heading', { level: 1 }).innerText()).toBe(
      `GATEWAY ${gateway.hex_id.toUpperCase()}`,
    );
    expect(await page.getByTestId('connection-state').innerText()).toMatch(/^(not )?transmitting$/i);
    expect(
      await page.getByTestId('asset-details').getByRole('rowheader', { name: 'Application' }).count(),
    ).toBe(0);
    await mapShows(page);
    await page.getByTestId('alerts-timeline-panel').waitFor();
    await page.getByTestId('asset-alert-row').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('asset-network').getByTestId('messages-24h').waitFor();
    await page.getByTestId('gateway-device-row').first().waitFor({ timeout: 30_000 });
    await page.getByRole('textbox', { name: 'Filter by label' }).waitFor();
    await c.screenshot(page, 'assets-gateway-360');
    await page.close();
  });

  it('shows an error page with the status and the server message for a bad id', async () => {
    const c = ctx();
    const page = await c.signedInPage('/dashboard/assets/device/123/view');
    await page.getByText('404', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Not found' }).waitFor();
    await c.screenshot(page, 'assets-not-found');

    await page.goto(`${c.url}/dashboard/assets/device/not-a-number/view`);
    await page.getByText('400', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'id must be the integer id of an asset' }).waitFor();
    await c.screenshot(page, 'assets-bad-id');
    await page.close();
  });
});
