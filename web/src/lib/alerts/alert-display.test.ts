import { makeAlert } from './alert-fixtures';
import { deviceIdentity, fillMessage, formatParameterValue, gatewayIdentity } from './alert-display';

describe('alert display', () => {
  it('shows DevEUI upper-cased, else DevAddr, and the gateway upper-cased', () => {
    expect(deviceIdentity(makeAlert())).toBe('70B3D57ED0000001');
    expect(deviceIdentity(makeAlert({ parameters: { dev_addr: '26011bda' } }))).toBe('26011BDA');
    expect(gatewayIdentity(makeAlert())).toBe('B827EBFFFE000001');
  });

  it('fills message slots from the parameters', () => {
    expect(
      fillMessage('Nonce {dev_nonce} from {dev_eui}, rssi {rssi}, {missing}', {
        dev_nonce: 7,
        dev_eui: 'ab',
        rssi: -97.456,
      }),
    ).toBe('Nonce 7 from AB, rssi -97.46, {missing}');
  });

  it('formats dates in the local zone', () => {
    expect(formatParameterValue('packet_date', '2024-03-05T14:07:09Z')).toBe('03/05/24 02:07:09 PM');
  });
});
