import type { AlertDraft } from '@lorawatch/domain/alert';
import type { Packet } from '@lorawatch/domain/packet';
import { PolicyView } from '@lorawatch/domain/policy';
import { buildJoinRequest } from '@lorawatch/lorawan/build-frames';
import { alertId } from '../alert-draft';
import { countDiscoveries, detectPacket, inEventTimeOrder, type DeviceDetectionState } from '../detect';
import { deviceStateKey } from '../state-keys';
import { runDetection } from '../testing/detection-harness';
import { policyEnabling } from '../testing/fixture-packets';
import { packetFromPhy, secondsAfter } from '../testing/packet-factory';
import { seeded, shuffled } from '../testing/seeded-shuffle';

const T0 = '2024-03-01T08:00:00.000Z';
const only400 = policyEnabling('LAF-400');
const disabled = new PolicyView([{ alertTypeCode: 'LAF-400', enabled: false, parameters: {} }]);
const appKey = Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex');

/** A join request of device `70b3d549900000<n>` at `at` seconds after T0. */
function joinRequest(n: number, at: number, devNonce = 0, overrides: Partial<Packet> = {}): Packet {
  const devEui = `70b3d549900000${n.toString(16).padStart(2, '0')}`;
  const phy = buildJoinRequest({ appKey, joinEui: '70b3d57ed0000001', devEui, devNonce });
  return packetFromPhy(phy, { date: secondsAfter(T0, at), ...overrides });
}

/**
 * Two packet-log partitions, three devices each, whose first packets interleave in event time: 1 (0 s), 4 (50 s),
 * 2 (100 s), 5 (200 s), 6 (250 s), 3 (300 s). Every device is heard again later.
 */
function partitionA(): Packet[] {
  return [
    joinRequest(1, 0),
    joinRequest(2, 100),
    joinRequest(1, 150, 1),
    joinRequest(3, 300),
    joinRequest(2, 400, 1),
  ];
}
function partitionB(): Packet[] {
  return [joinRequest(4, 50), joinRequest(5, 200), joinRequest(6, 250), joinRequest(4, 350, 1)];
}
const FIRST_SEEN_ORDER = [1, 4, 2, 5, 6, 3].map((n) => `70b3d549900000${n.toString(16).padStart(2, '0')}`);

/** What a partition's saga hands on: its packets detected one by one, each device's state kept. */
function discoveries(packets: readonly Packet[], policy = only400): AlertDraft[] {
  const devices = new Map<string, DeviceDetectionState>();
  const found: AlertDraft[] = [];
  for (const packet of packets) {
    const key = deviceStateKey(packet);
    const result = detectPacket({ device: key === null ? undefined : devices.get(key), packet, policy });
    if (key !== null && result.device !== undefined) devices.set(key, result.device);
    if (result.discovered !== null) found.push(result.discovered);
  }
  return found;
}

const counts = (alerts: AlertDraft[]) =>
  alerts.map((alert) => [alert.devEui, alert.parameters.number_of_devices]);

describe('LAF-400 device count in event-time order', () => {
  it("hands a device's discovery on without a count, named, whatever the policy, and no LAF-400 alert", () => {
    const first = joinRequest(1, 0, 0, { deviceName: 'meter-1', gatewayName: 'gw-canal' });
    for (const policy of [only400, disabled]) {
      const result = detectPacket({ packet: first, policy });
      expect(result.alerts.map((alert) => alert.code)).not.toContain('LAF-400');
      expect(result.discovered).toMatchObject({
        id: alertId('LAF-400', 1, first.devEui ?? ''),
        code: 'LAF-400',
        packet: first,
        parameters: { packet_id: first.id, dev_eui: first.devEui, dev_name: 'meter-1', gw_name: 'gw-canal' },
      });
      expect(result.discovered?.parameters).not.toHaveProperty('number_of_devices');
      expect(result.device?.discovery).toEqual({ packetId: first.id, date: first.date });
      const again = detectPacket({ device: result.device, packet: joinRequest(1, 60, 1), policy });
      expect(again.discovered).toBeNull();
    }
  });

  it('given the discoveries of two partitions in any order, then the same counts, by first packet date', () => {
    const drafts = [...discoveries(partitionA()), ...discoveries(partitionB())];
    const expected = countDiscoveries({ discovered: drafts, policy: only400 });
    expect(counts(expected.alerts)).toEqual(FIRST_SEEN_ORDER.map((devEui, index) => [devEui, index + 1]));
    expect(expected.dataSource).toStrictEqual({ version: 2, key: '1', dataSourceId: 1, knownDevices: 6 });
    const random = seeded(400);
    for (let run = 0; run < 8; run++) {
      expect(countDiscoveries({ discovered: shuffled(drafts, random), policy: only400 })).toStrictEqual(
        expected,
      );
    }
    // The very alerts of the saga run packet by packet in event-time order.
    const inOrder = [...partitionA(), ...partitionB()].sort(inEventTimeOrder);
    expect(expected.alerts).toStrictEqual(runDetection(inOrder, only400).alerts);
  });

  it('given one partition detected before the other, packet by packet, then other counts: why the runner counts', () => {
    const burst = runDetection([...partitionA(), ...partitionB()], only400).alerts;
    const partitionOrder = [1, 2, 3, 4, 5, 6].map((n) => `70b3d5499000000${n}`);
    expect(counts(burst)).toEqual(partitionOrder.map((devEui, index) => [devEui, index + 1]));
    const counted = countDiscoveries({
      discovered: [...discoveries(partitionA()), ...discoveries(partitionB())],
      policy: only400,
    });
    expect(counts(counted.alerts)).toEqual(FIRST_SEEN_ORDER.map((devEui, index) => [devEui, index + 1]));
  });

  it('continues the count of a stored state, split over several counts in event-time order', () => {
    const drafts = [...discoveries(partitionA()), ...discoveries(partitionB())];
    const whole = countDiscoveries({ discovered: drafts, policy: only400 });
    const byDate = [...drafts].sort((a, b) => inEventTimeOrder(a.packet, b.packet));
    const random = seeded(7);
    const head = countDiscoveries({ discovered: shuffled(byDate.slice(0, 2), random), policy: only400 });
    expect(head.dataSource?.knownDevices).toBe(2);
    const stored = JSON.parse(JSON.stringify(head.dataSource)) as typeof head.dataSource;
    const tail = countDiscoveries({
      dataSource: stored,
      discovered: shuffled(byDate.slice(2), random),
      policy: only400,
    });
    expect(counts(tail.alerts).map(([, count]) => count)).toEqual([3, 4, 5, 6]);
    expect([...head.alerts, ...tail.alerts]).toStrictEqual(whole.alerts);
    expect(tail.dataSource).toStrictEqual(whole.dataSource);
  });

  it('given LAF-400 disabled, then no alert, but every discovery counts', () => {
    const drafts = discoveries(partitionA(), disabled);
    expect(drafts).toHaveLength(3);
    const off = countDiscoveries({ discovered: drafts, policy: disabled });
    expect(off.alerts).toEqual([]);
    expect(off.dataSource?.knownDevices).toBe(3);
    const on = countDiscoveries({
      dataSource: off.dataSource,
      discovered: discoveries(partitionB()),
      policy: only400,
    });
    expect(counts(on.alerts).map(([, count]) => count)).toEqual([4, 5, 6]);
  });

  it('loads a state stored with the gateway count of earlier releases, and stores it without', () => {
    const stored = { version: 2, key: '1', dataSourceId: 1, knownDevices: 5, knownGateways: 3 };
    const result = countDiscoveries({
      dataSource: stored,
      discovered: discoveries([joinRequest(9, 0)]),
      policy: only400,
    });
    expect(counts(result.alerts)).toEqual([['70b3d54990000009', 6]]);
    expect(result.dataSource).toStrictEqual({ version: 2, key: '1', dataSourceId: 1, knownDevices: 6 });
    expect(
      countDiscoveries({ dataSource: stored, discovered: [], policy: only400 }).dataSource,
    ).toStrictEqual({
      version: 2,
      key: '1',
      dataSourceId: 1,
      knownDevices: 5,
    });
  });

  it('given nothing discovered and no state, then still no state', () => {
    expect(countDiscoveries({ discovered: [], policy: only400 })).toStrictEqual({
      dataSource: undefined,
      alerts: [],
    });
  });

  it('counts a device discovered twice once, with its earliest packet', () => {
    const [early] = discoveries([joinRequest(1, 0)]);
    const [late] = discoveries([joinRequest(1, 90, 1)]);
    expect(late.id).toBe(early.id);
    const result = countDiscoveries({ discovered: [late, early], policy: only400 });
    expect(result.alerts.map((alert) => [alert.packet.id, alert.parameters.number_of_devices])).toEqual([
      [early.packet.id, 1],
    ]);
    expect(result.dataSource?.knownDevices).toBe(1);
  });

  it('refuses a discovery of another data source, or an alert that is not one (runner bugs)', () => {
    const inOne = discoveries([joinRequest(1, 0)]);
    const inTwo = discoveries([joinRequest(2, 0, 0, { dataSourceId: 2 })]);
    expect(() => countDiscoveries({ discovered: [...inOne, ...inTwo], policy: only400 })).toThrow(
      /does not belong/,
    );
    const { dataSource } = countDiscoveries({ discovered: inOne, policy: only400 });
    expect(() => countDiscoveries({ dataSource, discovered: inTwo, policy: only400 })).toThrow(
      /does not belong/,
    );
    const notOne = { ...inOne[0], code: 'LAF-402' };
    expect(() => countDiscoveries({ discovered: [notOne], policy: only400 })).toThrow(/not a discovery/);
  });

  it('never modifies what it is given', () => {
    const drafts = Object.freeze(discoveries(partitionA()).map((draft) => Object.freeze(draft)));
    const dataSource = Object.freeze({ version: 2, key: '1', dataSourceId: 1, knownDevices: 1 });
    const snapshot = JSON.stringify({ drafts, dataSource });
    expect(() => countDiscoveries({ dataSource, discovered: drafts, policy: only400 })).not.toThrow();
    expect(JSON.stringify({ drafts, dataSource })).toBe(snapshot);
  });
});
