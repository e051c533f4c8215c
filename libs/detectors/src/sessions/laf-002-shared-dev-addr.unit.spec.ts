import type { Packet } from '@lorawatch/domain/packet';
import { alertId } from '../alert-draft';
import { TTN_DEV_EUI } from '../testing/fixture-packets';
import { detectSharedDevAddr, type SessionLinkState } from './laf-002-shared-dev-addr';
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

function givenSession(packets: readonly Packet[], from?: SessionLinkState) {
  let state = from;
  const alerts = [];
  for (const packet of packets) {
    const step = detectSharedDevAddr(state, { packet, policy: DEFAULT_POLICY, devAddr: packet.devAddr });
    state = step.state;
    alerts.push(...step.alerts);
    expect(step.cleared).toEqual([]);
  }
  return { state, alerts };
}

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
    expect(state).toMatchObject({
      devEui: OTHER_DEV_EUI,
      linkedAt: at(600),
      lastUplink: { packetId: moved.id },
    });
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
    const { state } = givenSession([ttnUplink(1, GW_A, 0)]);
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
