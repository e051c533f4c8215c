import type { Packet } from '@lorawatch/domain/packet';
import { alertId } from '../alert-draft';
import { TTN_DEV_EUI } from '../testing/fixture-packets';
import {
  detectSharedDevAddr,
  pendingMoveDeadline,
  settleSharedDevAddr,
  upcastSessionLink,
  type SessionLinkState,
} from './laf-002-shared-dev-addr';
import {
  DEFAULT_POLICY,
  at,
  GW_A,
  GW_B,
  TTN_DEV_ADDR,
  ttnDownlink,
  ttnUplink,
} from './testing/session-traffic';

const OTHER_DEV_EUI = '70b3d54990000002';

/** The same session's frame, as the application events attribute it to another device. */
const fromOther = (packet: Packet): Packet => ({ ...packet, devEui: OTHER_DEV_EUI });

/** Detects the packets in the order given, then lets the watermark pass `settleAt` (default: far ahead). */
function givenSession(packets: readonly Packet[], settleAt: string | null = at(86_400)) {
  let state: SessionLinkState | undefined;
  for (const packet of packets) {
    const step = detectSharedDevAddr(state, { packet, policy: DEFAULT_POLICY, devAddr: packet.devAddr });
    state = step.state;
    // Moves wait for the watermark: detecting a packet never raises one.
    expect(step.alerts).toEqual([]);
    expect(step.cleared).toEqual([]);
  }
  if (state === undefined || settleAt === null) return { state, alerts: [] };
  const settled = settleSharedDevAddr(state, settleAt);
  expect(settled.cleared).toEqual([]);
  return { state: settled.state, alerts: settled.alerts };
}

const alertKeys = (packets: readonly Packet[]) =>
  givenSession(packets).alerts.map((alert) => ({
    id: alert.id,
    prev: alert.parameters.prev_packet_id,
    old: alert.parameters.old_dev_eui,
  }));

describe('LAF-002 DevAddr shared by several devices', () => {
  it('given a session of one device reported for another, then an alert and the session moves', () => {
    const last = ttnUplink(41, GW_A, 60);
    const moved = fromOther(ttnUplink(3, GW_A, 600));
    const { state, alerts } = givenSession([ttnUplink(40, GW_A, 0), last, ttnDownlink(7, GW_A, 61), moved]);

    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      id: alertId('LAF-002', moved.id),
      code: 'LAF-002',
      createdAt: at(600),
      devEui: OTHER_DEV_EUI,
      devAddr: TTN_DEV_ADDR,
      packet: moved,
      prevPacket: last,
      parameters: {
        dev_addr: TTN_DEV_ADDR,
        old_dev_eui: TTN_DEV_EUI,
        new_dev_eui: OTHER_DEV_EUI,
        prev_packet_id: last.id,
      },
    });
    expect(state?.runs).toMatchObject([
      { devEui: TTN_DEV_EUI, from: at(0), to: at(61), move: 'none' },
      { devEui: OTHER_DEV_EUI, from: at(600), lastUplink: { packetId: moved.id }, move: 'raised' },
    ]);
  });

  it('given a move, then it waits for the watermark to pass its date, and is raised once', () => {
    const packets = [ttnUplink(40, GW_A, 0), fromOther(ttnUplink(3, GW_A, 600))];
    const { state } = givenSession(packets, null);
    expect(pendingMoveDeadline(state)).toBe(Date.parse(at(600)));
    expect(settleSharedDevAddr(state as SessionLinkState, at(599)).alerts).toEqual([]);
    const settled = settleSharedDevAddr(state as SessionLinkState, at(600));
    expect(settled.alerts).toHaveLength(1);
    expect(pendingMoveDeadline(settled.state)).toBeNull();
    expect(settleSharedDevAddr(settled.state, at(9000)).alerts).toEqual([]);
  });

  it('given the older device detected after the newer one (another partition), then the same alert', () => {
    const older = [ttnUplink(40, GW_A, 0), ttnUplink(41, GW_A, 60), ttnUplink(42, GW_A, 120)];
    const newer = [fromOther(ttnUplink(3, GW_A, 600)), fromOther(ttnUplink(4, GW_A, 660))];
    const paced = alertKeys([...older, ...newer]);
    expect(paced).toEqual([{ id: alertId('LAF-002', newer[0].id), prev: older[2].id, old: TTN_DEV_EUI }]);
    expect(alertKeys([...newer, ...older])).toEqual(paced);
    expect(alertKeys([older[0], ...newer, older[1], older[2]])).toEqual(paced);
  });

  it('given two devices taking turns detected partition by partition, then the first move at least', () => {
    const mine = [ttnUplink(40, GW_A, 0), ttnUplink(41, GW_A, 1200)];
    const other = [fromOther(ttnUplink(3, GW_A, 600)), fromOther(ttnUplink(4, GW_A, 1800))];
    const paced = alertKeys([mine[0], other[0], mine[1], other[1]]);
    expect(paced).toHaveLength(3);
    // A device's run cannot be split by frames of another dated inside it (its frames are not kept): the
    // address is still flagged, with one of the paced alerts (docs/architecture.md §9).
    for (const order of [
      [...other, ...mine],
      [...mine, ...other],
    ]) {
      const found = alertKeys(order);
      expect(found).toHaveLength(1);
      expect(paced).toContainEqual(found[0]);
    }
  });

  it("upcasts the link stored by the first release as the address's only run", () => {
    const previous = ttnUplink(40, GW_A, 0);
    const state = upcastSessionLink({
      version: 1,
      dataSourceId: previous.dataSourceId,
      devAddr: TTN_DEV_ADDR,
      devEui: TTN_DEV_EUI,
      linkedAt: at(0),
      lastUplink: { packetId: previous.id, date: previous.date, packet: previous },
    });
    const moved = fromOther(ttnUplink(3, GW_A, 600));
    const step = detectSharedDevAddr(state, { packet: moved, policy: DEFAULT_POLICY, devAddr: TTN_DEV_ADDR });
    const settled = settleSharedDevAddr(step.state as SessionLinkState, at(600));
    expect(settled.alerts.map((alert) => alert.parameters.prev_packet_id)).toEqual([previous.id]);
  });

  it('given the moved session heard by more gateways and going on, then no further alert', () => {
    const packets = [
      ttnUplink(40, GW_A, 0),
      fromOther(ttnUplink(3, GW_A, 600)),
      fromOther(ttnUplink(3, GW_B, 600.2)),
      fromOther(ttnUplink(4, GW_A, 660)),
    ];
    expect(givenSession(packets).alerts).toHaveLength(1);
  });

  it('given a late copy from the first device dated before the move, then no alert back', () => {
    const packets = [ttnUplink(40, GW_A, 0), fromOther(ttnUplink(3, GW_A, 600)), ttnUplink(40, GW_B, 0.4)];
    expect(givenSession(packets).alerts).toHaveLength(1);
  });

  it('given two devices taking turns, then an alert at every change', () => {
    const packets = [
      ttnUplink(40, GW_A, 0),
      fromOther(ttnUplink(3, GW_A, 600)),
      ttnUplink(41, GW_A, 1200),
      fromOther(ttnUplink(4, GW_A, 1800)),
    ];
    const { alerts } = givenSession(packets);
    expect(alerts.map((alert) => [alert.parameters.old_dev_eui, alert.parameters.prev_packet_id])).toEqual([
      [TTN_DEV_EUI, packets[0].id],
      [OTHER_DEV_EUI, packets[1].id],
      [TTN_DEV_EUI, packets[2].id],
    ]);
  });

  it('given one device only, through several gateways and downlinks, then no alert', () => {
    const packets = [
      ttnUplink(1, GW_A, 0),
      ttnUplink(1, GW_B, 0.1),
      ttnDownlink(1, GW_A, 1),
      ttnUplink(2, GW_B, 60),
    ];
    expect(givenSession(packets).alerts).toEqual([]);
  });

  it('given a move before any uplink of the session, then the alert has no previous packet', () => {
    const { alerts } = givenSession([ttnDownlink(1, GW_A, 0), fromOther(ttnUplink(1, GW_A, 5))]);
    expect(alerts[0]).toMatchObject({ prevPacket: null, parameters: { prev_packet_id: null } });
  });

  it('given packets without a DevEUI, then the state is left as it was', () => {
    const anonymous = { ...ttnUplink(1, GW_A, 0), devEui: null };
    expect(givenSession([anonymous]).state).toBeUndefined();
  });

  it('given the state of another session, then it refuses to mix them', () => {
    const { state } = givenSession([ttnUplink(1, GW_A, 0)], null);
    const otherSession = ttnUplink(2, GW_A, 60, { devAddr: '26012e99' });
    expect(() =>
      detectSharedDevAddr(state, { packet: otherSession, policy: DEFAULT_POLICY, devAddr: '26012e99' }),
    ).toThrow(/does not belong/);
  });

  it('keeps plain JSON state', () => {
    const { state } = givenSession([ttnUplink(40, GW_A, 0), fromOther(ttnUplink(3, GW_A, 600))]);
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });
});
