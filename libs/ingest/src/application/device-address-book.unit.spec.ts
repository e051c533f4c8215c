import type { MType, Packet } from '@lorawatch/domain/packet';
import { DeviceAddressBook } from './device-address-book';

const AT = '2024-05-01T12:00:00.000Z';

function packet(mType: MType, fields: Partial<Packet> = {}): Packet {
  return {
    id: 'p',
    organizationId: 3,
    dataSourceId: 7,
    source: 'chirpstack_collector',
    date: AT,
    receivedAt: AT,
    topic: null,
    direction: mType.endsWith('Down') || mType === 'JoinAccept' ? 'down' : 'up',
    data: '',
    size: 0,
    mType,
    major: 0,
    gateway: '0016c001f153a14c',
    devEui: null,
    joinEui: null,
    devNonce: null,
    devAddr: '26012e43',
    fCount: 1,
    fPort: 1,
    mic: '00000000',
    devEuiInferred: false,
    rssi: null,
    lsnr: null,
    frequency: null,
    spreadingFactor: null,
    bandwidth: null,
    codeRate: null,
    tmst: null,
    crcOk: null,
    latitude: null,
    longitude: null,
    altitude: null,
    ...fields,
  };
}

describe('DeviceAddressBook', () => {
  it('attributes data frames, up and down, of a learned DevAddr, and leaves others alone', () => {
    const book = new DeviceAddressBook();
    book.learn({ devEui: '0004A30B001C0530', devAddr: '26012E43', deviceName: 'meter' }, AT);

    for (const mType of [
      'UnconfirmedDataUp',
      'ConfirmedDataUp',
      'UnconfirmedDataDown',
      'ConfirmedDataDown',
    ] as const) {
      expect(book.observe(packet(mType))).toMatchObject({ devEui: '0004a30b001c0530', devEuiInferred: true });
    }
    expect(book.observe(packet('UnconfirmedDataUp', { devAddr: '26012e44' }))).toMatchObject({
      devEui: null,
      devEuiInferred: false,
    });
    expect(book.lookup('26012e43')).toEqual({
      devEui: '0004a30b001c0530',
      devAddr: '26012e43',
      deviceName: 'meter',
    });
  });

  it('never overrides a DevEUI the frame carries, nor touches join requests or proprietary frames', () => {
    const book = new DeviceAddressBook();
    book.learn({ devEui: '0004a30b001c0530', devAddr: '26012e43' }, AT);
    const joinRequest = packet('JoinRequest', { devEui: '1111111111111111', devAddr: null });
    expect(book.observe(joinRequest)).toBe(joinRequest);
    const proprietary = packet('Proprietary');
    expect(book.observe(proprietary)).toBe(proprietary);
  });

  it('follows a device to its new DevAddr, and a DevAddr to its new device', () => {
    const book = new DeviceAddressBook();
    book.learn({ devEui: '0004a30b001c0530', devAddr: '26012e43' }, AT);
    book.learn({ devEui: '0004a30b001c0530', devAddr: '26012e99' }, AT);
    expect(book.lookup('26012e43')).toBeUndefined();
    expect(book.lookup('26012e99')?.devEui).toBe('0004a30b001c0530');

    book.learn({ devEui: '2222222222222222', devAddr: '26012e99' }, AT);
    expect(book.lookup('26012e99')?.devEui).toBe('2222222222222222');
    expect(book.size()).toBe(1);
  });

  it('is bounded: the least recently learned mapping goes first', () => {
    const book = new DeviceAddressBook(2);
    book.learn({ devEui: '0000000000000001', devAddr: '00000001' }, AT);
    book.learn({ devEui: '0000000000000002', devAddr: '00000002' }, AT);
    book.learn({ devEui: '0000000000000001', devAddr: '00000001' }, AT);
    book.learn({ devEui: '0000000000000003', devAddr: '00000003' }, AT);
    expect(book.size()).toBe(2);
    expect(book.lookup('00000002')).toBeUndefined();
    expect(book.lookup('00000001')?.devEui).toBe('0000000000000001');
    expect(book.lookup('00000003')?.devEui).toBe('0000000000000003');
  });

  it('an attributed join accept retires the earlier session’s DevAddr, but not one learned with the join', () => {
    const book = new DeviceAddressBook();
    book.learn({ devEui: '0004a30b001c0530', devAddr: '26012e43' }, '2024-05-01T11:00:00.000Z');
    book.learn({ devEui: '2222222222222222', devAddr: '26012e50' }, '2024-05-01T11:59:58.000Z');
    const accept = (devEui: string) =>
      packet('JoinAccept', { devEui, devEuiInferred: true, devAddr: null, fCount: null, fPort: null });

    // The accept itself teaches no DevAddr (it is encrypted) and is returned unchanged.
    const first = accept('0004a30b001c0530');
    expect(book.observe(first)).toBe(first);
    expect(book.lookup('26012e43')).toBeUndefined();
    expect(book.observe(packet('UnconfirmedDataUp'))).toMatchObject({ devEui: null, devEuiInferred: false });

    // The application join event raced ahead of the accept: its mapping is the new session's, kept.
    book.observe(accept('2222222222222222'));
    expect(book.lookup('26012e50')?.devEui).toBe('2222222222222222');
  });

  describe('names', () => {
    const METER = '0004a30b001c0530';

    it('names the frames of a device by its DevEUI, learned or carried, and keeps names across sessions', () => {
      const book = new DeviceAddressBook();
      book.learn(
        { devEui: METER, devAddr: '26012e43', deviceName: 'water-meter-7', applicationName: 'meters' },
        AT,
      );

      expect(book.observe(packet('UnconfirmedDataUp'))).toMatchObject({
        devEui: METER,
        deviceName: 'water-meter-7',
        applicationName: 'meters',
      });
      const join = packet('JoinRequest', { devEui: METER.toUpperCase(), devAddr: null });
      expect(book.observe(join)).toMatchObject({ deviceName: 'water-meter-7' });

      // A new session whose event says no name: the device keeps the one it had.
      book.learn({ devEui: METER, devAddr: '26012e99' }, AT);
      expect(book.observe(packet('UnconfirmedDataUp', { devAddr: '26012e99' }))).toMatchObject({
        devEui: METER,
        deviceName: 'water-meter-7',
      });
      // Renamed in the network server: the newest name wins.
      book.learn({ devEui: METER, devAddr: '26012e99', deviceName: 'water-meter-7b' }, AT);
      expect(book.observe(join).deviceName).toBe('water-meter-7b');
    });

    it('names gateways the application events listed, and leaves unnamed traffic untouched', () => {
      const book = new DeviceAddressBook();
      const unnamed = packet('UnconfirmedDataUp');
      expect(book.observe(unnamed)).toBe(unnamed);
      book.learn(
        {
          devEui: '1111111111111111',
          devAddr: '26019999',
          gatewayNames: [{ gateway: '0016C001F153A14C', name: 'gw-rooftop' }],
        },
        AT,
      );
      const heard = book.observe(packet('UnconfirmedDataUp'));
      expect(heard).toMatchObject({ devEui: null, gatewayName: 'gw-rooftop' });
      expect(heard.deviceName).toBeUndefined();
    });
  });
});
