import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ALERT_TYPES, makeAlert } from '../../../lib/alerts/alert-fixtures';
import type { AlertType } from '../../../lib/alerts/alert';
import { AlertsTable } from './AlertsTable';

const NEW_GATEWAY: AlertType = {
  ...ALERT_TYPES[0],
  id: 18,
  code: 'LAF-402',
  name: 'New gateway',
  risk: 'INFO',
  forAssetType: 'GATEWAY',
};

function cellsOf(alertType: AlertType) {
  const alert = makeAlert({ id: 7, type: alertType.code });
  render(
    <MantineProvider env="test">
      <AlertsTable rows={[{ alert, alertType, fresh: false }]} loading={false} onSelect={() => undefined} />
    </MantineProvider>,
  );
  return within(screen.getByTestId('alert-row'))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

describe('alerts table', () => {
  it('shows the gateway, not the DevEUI and name of the device heard, in a New gateway row', () => {
    const [, description, , devEui, deviceName, , gateway] = cellsOf(NEW_GATEWAY);
    expect(description).toBe('New gateway');
    expect(devEui).toBe('');
    expect(deviceName).toBe('');
    expect(gateway).toBe('B827EBFFFE000001');
  });

  it('keeps the device cells for a device alert', () => {
    const [, , , devEui, deviceName, , gateway] = cellsOf(ALERT_TYPES[0]);
    expect([devEui, deviceName, gateway]).toEqual(['70B3D57ED0000001', 'Water meter 1', 'B827EBFFFE000001']);
  });
});
