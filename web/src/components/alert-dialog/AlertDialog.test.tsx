import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { ALERT_TYPES, makeAlert } from '../../lib/alerts/alert-fixtures';
import type { AlertType } from '../../lib/alerts/alert';
import { createServices } from '../../lib/services';
import { ServicesProvider } from '../../lib/services-context';
import { createFakeFetch } from '../../test/fake-fetch';
import { FakeSocket } from '../../test/fake-socket';
import { AlertDialog, NO_TECHNICAL_DETAILS } from './AlertDialog';

const JOIN_REPLAY = ALERT_TYPES[0];

const PACKET = {
  id: 'b2160490497f17739f7202bb23516fdb',
  date: '2024-03-05T14:07:09.000Z',
  gateway: 'b827ebfffe025577',
  m_type: 'JoinRequest',
  dev_eui: '70b3d5220a000018',
  join_eui: '70b3d57ed0dda521',
  dev_addr: '01548b68',
  f_count: 7,
  mic: 'd725c7bc',
  rssi: -135,
  lsnr: -18.2,
};

/** The dialog alone, for a signed-out (so not administrator) reader: no History tab, the details only. */
function renderDialog(props: Partial<ComponentProps<typeof AlertDialog>> = {}) {
  window.localStorage.clear();
  const services = createServices({
    storage: window.localStorage,
    fetch: createFakeFetch({}).fetch,
    createSocket: () => new FakeSocket(),
  });
  return render(
    <MantineProvider env="test">
      <ServicesProvider services={services}>
        <AlertDialog opened onClose={vi.fn()} alert={makeAlert()} alertType={JOIN_REPLAY} {...props} />
      </ServicesProvider>
    </MantineProvider>,
  );
}

const section = (name: string) => screen.getByRole('region', { name });

describe('AlertDialog', () => {
  it('shows the type, risk, texts and the message with its parameters filled', () => {
    renderDialog({ alert: makeAlert({ id: 5 }) });
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByTestId('alert-dialog-title')).toHaveTextContent('Possible Join replay attack');
    expect(within(dialog).getByText('MEDIUM')).toBeInTheDocument();
    expect(within(dialog).getByText(/LAF-001 · 03\/05\/24 02:07:09 PM/)).toBeInTheDocument();
    expect(within(section('Message')).getByText('Repeated DevNonce 4242 from device 70B3D57ED0000001.'));
    expect(within(section('Description')).getByText('A JoinRequest reused a DevNonce.')).toBeInTheDocument();
    expect(within(section('Recommended action')).getByText('Check the device for a replay attempt.'));
    expect(within(section('Technical description')).getByText('DevNonce reuse.')).toBeInTheDocument();
  });

  it('says so when the type has no technical details', () => {
    renderDialog({ alert: makeAlert({ type: 'LAF-400' }), alertType: ALERT_TYPES[1] });
    expect(within(section('Technical description')).getByText(NO_TECHNICAL_DETAILS)).toBeInTheDocument();
    expect(NO_TECHNICAL_DETAILS).toBe(
      'Oops, there is no technical details to show. This must be an error, please contact support.',
    );
  });

  it.each(['LAF-402', 'LAF-403'])('shows no description for %s', (code) => {
    const type: AlertType = { ...JOIN_REPLAY, code, description: 'Should stay hidden' };
    renderDialog({ alert: makeAlert({ type: code }), alertType: type });
    expect(screen.queryByRole('region', { name: 'Description' })).not.toBeInTheDocument();
    expect(screen.queryByText('Should stay hidden')).not.toBeInTheDocument();
  });

  it('links the device and gateway to their 360 views in a new tab when their ids are known', () => {
    renderDialog({ alert: makeAlert({ device_id: 11, gateway_id: 21 }) });
    const device = within(section('Device')).getByRole('link', { name: 'Water meter 1' });
    expect(device).toHaveAttribute('href', '/dashboard/assets/device/11/view');
    expect(device).toHaveAttribute('target', '_blank');
    const gateway = within(section('Gateway')).getByRole('link', { name: 'B827EBFFFE000001' });
    expect(gateway).toHaveAttribute('href', '/dashboard/assets/gateway/21/view');
    expect(within(section('Device')).getByText('70B3D57ED0000001')).toBeInTheDocument();
    expect(within(section('Device')).getByText('26011BDA')).toBeInTheDocument();
    expect(within(section('Gateway')).getByText('ChirpStack lab')).toBeInTheDocument();
  });

  it('names assets without links when the alert carries no asset ids', () => {
    renderDialog({ alert: makeAlert({ device_id: null, gateway_id: null }) });
    expect(within(section('Device')).queryByRole('link')).not.toBeInTheDocument();
    expect(within(section('Device')).getByText('Water meter 1')).toBeInTheDocument();
  });

  it('lists packet and previous packet fields formatted, and offers each as <id>.json', () => {
    const alert = makeAlert({
      parameters: {
        dev_eui: PACKET.dev_eui,
        packet_data: PACKET,
        prev_packet_data: { ...PACKET, id: 'aa01', f_count: 6, lsnr: 7 },
      },
    });
    renderDialog({ alert });
    const packet = section('Packet data');
    const cells = within(packet)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(cells).toEqual([
      'idb2160490497f17739f7202bb23516fdb',
      'dev_eui70B3D5220A000018',
      'dev_addr01548B68',
      'gatewayB827EBFFFE025577',
      'join_eui70B3D57ED0DDA521',
      'rssi-135 dBm',
      'lsnr-18.20 dB',
      'date03/05/24 02:07:09 PM',
      'm_typeJoinRequest',
      'f_count7',
      'micd725c7bc',
    ]);
    const download = within(packet).getByRole('link', { name: /Download packet data/ });
    expect(download).toHaveAttribute('download', 'b2160490497f17739f7202bb23516fdb.json');
    const href = download.getAttribute('href') ?? '';
    expect(
      JSON.parse(decodeURIComponent(href.replace(/^data:application\/json;charset=utf-8,/, ''))),
    ).toEqual(PACKET);

    const previous = section('Previous packet data');
    expect(within(previous).getByText('6')).toBeInTheDocument();
    expect(within(previous).getByText('7 dB')).toBeInTheDocument();
    expect(within(previous).getByRole('link', { name: /Download previous packet data/ })).toHaveAttribute(
      'download',
      'aa01.json',
    );
  });

  it('shows the resolution of a resolved alert only', () => {
    const { unmount } = renderDialog({ alert: makeAlert() });
    expect(screen.queryByRole('region', { name: 'Resolution' })).not.toBeInTheDocument();
    unmount();
    renderDialog({
      alert: makeAlert({
        resolved_at: '2024-03-06T09:00:00Z',
        resolved_by: { id: 3, username: 'bob', full_name: 'Bob Builder' },
        resolution_comment: 'Replaced the device',
      }),
    });
    const resolution = section('Resolution');
    expect(within(resolution).getByText('03/06/24 09:00:00 AM')).toBeInTheDocument();
    expect(within(resolution).getByText('Bob Builder')).toBeInTheDocument();
    expect(within(resolution).getByText('Replaced the device')).toBeInTheDocument();
  });

  it('shows extra lines and actions, and enables previous/next as told', async () => {
    const user = userEvent.setup();
    const onPrevious = vi.fn();
    const onNext = vi.fn();
    renderDialog({
      navigation: { hasPrevious: false, hasNext: true, onPrevious, onNext },
      actions: <button type="button">Go to Alerts</button>,
      children: <span>Since 03/05/24</span>,
    });
    expect(screen.getByText('Since 03/05/24')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to Alerts' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onNext).toHaveBeenCalledTimes(1);
    expect(onPrevious).not.toHaveBeenCalled();
  });

  it('hides navigation when none is given and disables it while loading', () => {
    const { unmount } = renderDialog();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    unmount();
    renderDialog({
      loading: true,
      navigation: { hasPrevious: true, hasNext: true, onPrevious: vi.fn(), onNext: vi.fn() },
    });
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
  });

  it('closes from its close button', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderDialog({ onClose });
    await user.click(screen.getByRole('button', { name: 'Close alert dialog' }));
    expect(onClose).toHaveBeenCalled();
  });
});
