import type { Packet } from '@lorawatch/domain/packet';
import { defaultPolicyItems, PolicyView } from '@lorawatch/domain/policy';
import { buildDataUp, buildJoinAccept, buildJoinRequest } from '@lorawatch/lorawan/build-frames';
import { detect } from './detect';
import { emptyDetectionStore, runDetection, type DetectionStore } from './testing/detection-harness';
import {
  chirpstackDocJoinRequest,
  iotroamJoinRequests,
  TTN_DEV_EUI,
  ttnJoin,
} from './testing/fixture-packets';
import { attributedJoinAccept, packetFromPhy, secondsAfter } from './testing/packet-factory';

const T0 = '2024-03-01T08:00:00.000Z';
const defaultPolicy = new PolicyView(defaultPolicyItems());

/** A day of mixed traffic: joins heard by several gateways, a replay, data frames, other devices. */
function scenario(): Packet[] {
  const { joinRequestPhy, joinAcceptPhy } = ttnJoin();
  const appKey = Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex');
  const counterDevice = (n: number, at: number) =>
    packetFromPhy(
      buildJoinRequest({ appKey, joinEui: '70b3d57ed0000001', devEui: '70b3d54990000002', devNonce: n }),
      { gateway: 'aa555a0000000102', date: secondsAfter(T0, at) },
    );
  const uplink = packetFromPhy(
    buildDataUp({
      nwkSKey: Buffer.alloc(16, 1),
      appSKey: Buffer.alloc(16, 2),
      devAddr: '26012e43',
      fCnt: 1,
      fPort: 1,
      payload: Buffer.from('21.5C'),
    }),
    { gateway: 'aa555a0000000101', date: secondsAfter(T0, 20) },
  );
  return [
    packetFromPhy(joinRequestPhy, { gateway: 'aa555a0000000101', date: T0 }),
    packetFromPhy(joinRequestPhy, { gateway: 'aa555a0000000102', date: secondsAfter(T0, 0.2) }),
    attributedJoinAccept(joinAcceptPhy, TTN_DEV_EUI, {
      gateway: 'aa555a0000000101',
      date: secondsAfter(T0, 5),
    }),
    uplink,
    { ...uplink, id: `${uplink.id}-b`, gateway: 'aa555a0000000102' },
    counterDevice(0, 30),
    attributedJoinAccept(
      buildJoinAccept({ appKey, joinNonce: 1, netId: '000013', devAddr: '26012e44' }),
      '70b3d54990000002',
      { gateway: 'aa555a0000000102', date: secondsAfter(T0, 35) },
    ),
    counterDevice(1, 3600),
    ...iotroamJoinRequests(),
    chirpstackDocJoinRequest(),
    packetFromPhy(joinRequestPhy, { gateway: 'aa555a0000000101', date: secondsAfter(T0, 7200) }),
  ];
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

const jsonRoundTrip = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('detect', () => {
  it('given a day of traffic under the default policy, then these alerts in this order', () => {
    const packets = scenario();
    const { alerts } = runDetection(packets, defaultPolicy);
    expect(alerts.map((a) => [a.code, a.code === 'LAF-402' ? a.gateway : a.devEui, a.packet.id])).toEqual([
      ['LAF-400', TTN_DEV_EUI, packets[0].id],
      ['LAF-402', 'aa555a0000000101', packets[0].id],
      ['LAF-402', 'aa555a0000000102', packets[1].id],
      ['LAF-400', '70b3d54990000002', packets[5].id],
      ['LAF-400', '008000000000addb', packets[8].id],
      ['LAF-402', '00800000a0000825', packets[8].id],
      ['LAF-400', '0101010101010101', packets[10].id],
      ['LAF-402', '7276ff002e062c18', packets[10].id],
      ['LAF-001', TTN_DEV_EUI, packets[11].id],
      ['LAF-003', TTN_DEV_EUI, packets[11].id],
    ]);
  });

  it('is deterministic: the same packets from the same state give identical alerts and state', () => {
    const start = runDetection(scenario().slice(0, 4), defaultPolicy).store;
    const rest = scenario().slice(4);
    const first = runDetection(rest, defaultPolicy, start);
    const second = runDetection(rest, defaultPolicy, start);
    expect(second.alerts).toStrictEqual(first.alerts);
    expect(second.store).toStrictEqual(first.store);
  });

  it('keeps state that survives a JSON round trip, so a runner restarting from storage gets the same result', () => {
    const packets = scenario();
    const split = 6;
    const head = runDetection(packets.slice(0, split), defaultPolicy);
    expect(jsonRoundTrip(head.store)).toStrictEqual(head.store);

    const resumed = runDetection(packets.slice(split), defaultPolicy, jsonRoundTrip(head.store));
    const straight = runDetection(packets, defaultPolicy);
    expect([...head.alerts, ...resumed.alerts]).toStrictEqual(straight.alerts);
    expect(resumed.store).toStrictEqual(straight.store);
    expect(jsonRoundTrip(straight.store)).toStrictEqual(straight.store);
  });

  it('never modifies the state it is given', () => {
    const packets = scenario();
    const frozen: DetectionStore = deepFreeze(runDetection(packets.slice(0, 8), defaultPolicy).store);
    const snapshot = jsonRoundTrip(frozen);
    expect(() => runDetection(packets.slice(8), defaultPolicy, frozen)).not.toThrow();
    expect(jsonRoundTrip(frozen)).toStrictEqual(snapshot);
  });

  it('returns no device state for a packet that names no device, and no gateway state without a gateway', () => {
    const proprietary = packetFromPhy(Buffer.from('e0008b658839', 'hex'), { gateway: null });
    const result = detect({ packet: proprietary, policy: defaultPolicy });
    expect(result).toStrictEqual({
      device: undefined,
      gateway: undefined,
      dataSource: { version: 2, key: '1', dataSourceId: 1, knownDevices: 0 },
      session: undefined,
      alerts: [],
      cleared: [],
    });
  });

  it('refuses a state stored under another key (a runner bug)', () => {
    const { store } = runDetection([chirpstackDocJoinRequest()], defaultPolicy);
    const otherDevice = packetFromPhy(ttnJoin().joinRequestPhy);
    expect(() =>
      detect({ device: Object.values(store.devices)[0], packet: otherDevice, policy: defaultPolicy }),
    ).toThrow(/does not belong to this packet/);
  });

  it('given every detector disabled, then no alert but state still evolves', () => {
    const allOff = new PolicyView(
      (['LAF-001', 'LAF-003', 'LAF-400', 'LAF-402'] as const).map((code) => ({
        alertTypeCode: code,
        enabled: false,
        parameters: {},
      })),
    );
    const { alerts, store } = runDetection(scenario(), allOff);
    expect(alerts).toEqual([]);
    expect(store.dataSources['1'].knownDevices).toBe(4);
    expect(store).toStrictEqual(runDetection(scenario(), defaultPolicy).store);
  });

  it('remembers the names a packet brings and gives them to every alert of the device and gateway', () => {
    const named = chirpstackDocJoinRequest({
      deviceName: 'parking-bay-0417',
      applicationName: 'parking',
      gatewayName: 'gw-zuidas-tower',
    });
    const first = runDetection([named], defaultPolicy);
    expect(first.alerts.map((alert) => [alert.code, alert.parameters])).toEqual([
      [
        'LAF-400',
        expect.objectContaining({
          dev_name: 'parking-bay-0417',
          app_name: 'parking',
          gw_name: 'gw-zuidas-tower',
        }),
      ],
      ['LAF-402', expect.objectContaining({ dev_name: 'parking-bay-0417', gw_name: 'gw-zuidas-tower' })],
    ]);
    expect(Object.values(first.store.devices)[0]).toMatchObject({
      name: 'parking-bay-0417',
      applicationName: 'parking',
    });
    expect(Object.values(first.store.gateways)[0]).toMatchObject({ name: 'gw-zuidas-tower' });

    // The same join request an hour later, named by nobody: a repeated DevNonce, still named.
    const unnamed = chirpstackDocJoinRequest({ id: 'again', date: secondsAfter(named.date, 3600) });
    const second = runDetection([unnamed], defaultPolicy, first.store);
    expect(second.alerts.length).toBeGreaterThan(0);
    for (const alert of second.alerts) {
      expect(alert.parameters).toMatchObject({ dev_name: 'parking-bay-0417', gw_name: 'gw-zuidas-tower' });
    }
    expect(Object.values(second.store.devices)[0].name).toBe('parking-bay-0417');
  });

  it('leaves names out of alerts while none is known', () => {
    const { alerts } = runDetection([chirpstackDocJoinRequest()], defaultPolicy);
    expect(alerts.length).toBeGreaterThan(0);
    for (const alert of alerts) {
      expect(alert.parameters).not.toHaveProperty('dev_name');
      expect(alert.parameters).not.toHaveProperty('gw_name');
    }
  });

  it('starts from an empty store', () => {
    expect(emptyDetectionStore()).toStrictEqual({ devices: {}, gateways: {}, dataSources: {}, sessions: {} });
  });
});
