import { alertId } from '../alert-draft';
import { clearance, deviceAsset } from '../detector-step';
import { TTN_DEV_EUI } from '../testing/fixture-packets';
import {
  at,
  counterChange,
  given,
  GW_A,
  GW_B,
  ofCode,
  TTN_DEV_ADDR,
  ttnJoinAccept,
  ttnJoinRequest,
  ttnRejoin,
  ttnUplink,
} from './testing/session-traffic';

const HOUR = 3600;
/** The real TTN join, then the session near the end of its 16-bit counter, heard by GW_A and GW_B. */
const nearWrap = () => [
  ttnJoinRequest(GW_A, 0),
  ttnJoinAccept(GW_A, 5),
  ttnUplink(65534, GW_A, HOUR),
  ttnUplink(65534, GW_B, HOUR + 0.2),
  ttnUplink(65535, GW_A, HOUR + 60),
  ttnUplink(65535, GW_B, HOUR + 60.1),
];

describe('LAF-011 session keys kept past a counter wrap', () => {
  it('given an OTAA device whose counter wraps without a new join, heard by two gateways, then one alert', () => {
    const wrapped = ttnUplink(65536, GW_A, HOUR + 120);
    const packets = [
      ...nearWrap(),
      wrapped,
      ttnUplink(65536, GW_B, HOUR + 120.3),
      ttnUplink(65537, GW_A, HOUR + 180),
    ];
    const { alerts } = given(packets);

    expect(wrapped.fCount).toBe(0);
    expect(alerts.map(counterChange)).toEqual([
      { code: 'LAF-011', packetId: wrapped.id, counter: 65535, newCounter: 0, prevPacketId: packets[4].id },
    ]);
    expect(alerts[0]).toMatchObject({
      id: alertId('LAF-011', wrapped.id),
      createdAt: at(HOUR + 120),
      devEui: TTN_DEV_EUI,
      devAddr: TTN_DEV_ADDR,
      prevPacket: packets[4],
      parameters: { dev_eui: TTN_DEV_EUI, counter: 65535, new_counter: 0, prev_packet_id: packets[4].id },
    });
  });

  it('given the frame after the wrap lost, then the alert names the first counter heard', () => {
    const packets = [...nearWrap(), ttnUplink(65536 + 3, GW_B, HOUR + 300)];
    expect(given(packets).alerts.map(counterChange)).toEqual([
      {
        code: 'LAF-011',
        packetId: packets[6].id,
        counter: 65535,
        newCounter: 3,
        prevPacketId: packets[5].id,
      },
    ]);
  });

  it('given the device rejoining before its counter restarts, with the same DevAddr, then no alert', () => {
    const packets = [
      ...nearWrap(),
      ...ttnRejoin(4321, TTN_DEV_ADDR, GW_A, HOUR + 90),
      ttnUplink(0, GW_A, HOUR + 120),
    ];
    expect(given(packets).alerts).toEqual([]);
  });

  it('given the device rejoining with a new DevAddr, then no alert', () => {
    const packets = [
      ...nearWrap(),
      ...ttnRejoin(4321, '26012e99', GW_A, HOUR + 90),
      ttnUplink(0, GW_A, HOUR + 120, { devAddr: '26012e99' }),
      ttnUplink(0, GW_B, HOUR + 120.2, { devAddr: '26012e99' }),
    ];
    expect(given(packets).alerts).toEqual([]);
  });

  it('given a copy of the last frame of the old session delivered after the rejoin, then no alert', () => {
    const packets = [
      ttnJoinRequest(GW_A, 0),
      ttnJoinAccept(GW_A, 5),
      ttnUplink(65534, GW_A, HOUR),
      ...ttnRejoin(4321, TTN_DEV_ADDR, GW_A, HOUR + 90),
      ttnUplink(65534, GW_B, HOUR + 0.2),
      ttnUplink(0, GW_B, HOUR + 120),
    ];
    expect(given(packets).alerts).toEqual([]);
  });

  it('given an alert, then a rejoin, then the issue is cleared', () => {
    const rejoin = ttnRejoin(4321, '26012e99', GW_A, 2 * HOUR);
    const { alerts, cleared } = given([...nearWrap(), ttnUplink(65536, GW_A, HOUR + 120), ...rejoin]);

    expect(ofCode('LAF-011', alerts)).toHaveLength(1);
    expect(cleared).toEqual([
      clearance({
        code: 'LAF-011',
        packet: rejoin[0],
        asset: deviceAsset(rejoin[0], TTN_DEV_ADDR),
        reason: 'device sent a join request',
      }),
    ]);
  });

  it('given the wrap of a device never seen joining, then LAF-006 rather than LAF-011', () => {
    const packets = [ttnUplink(65535, GW_A, 0), ttnUplink(65536, GW_A, 60)];
    expect(given(packets).alerts.map((alert) => alert.code)).toEqual(['LAF-006']);
  });

  it('given a counter that was not near the wrap, then no LAF-011', () => {
    const packets = [
      ttnJoinRequest(GW_A, 0),
      ttnJoinAccept(GW_A, 5),
      ttnUplink(65500, GW_A, 60),
      ttnUplink(65536, GW_A, 120),
    ];
    expect(ofCode('LAF-011', given(packets).alerts)).toEqual([]);
  });

  it('given two wraps of one session, then an alert for each', () => {
    const first = ttnUplink(65536, GW_A, HOUR + 120);
    const second = ttnUplink(2 * 65536, GW_A, HOUR + 300);
    const packets = [...nearWrap(), first, ttnUplink(2 * 65536 - 1, GW_A, HOUR + 240), second];
    expect(given(packets).alerts.map((alert) => alert.packet.id)).toEqual([first.id, second.id]);
  });
});
