import { alertId } from '../alert-draft';
import { clearance, deviceAsset } from '../detector-step';
import { TTN_DEV_EUI } from '../testing/fixture-packets';
import {
  ABP_DEV_ADDR,
  abpUplink,
  abpVectorUplink,
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
/** The real vector frames of DevAddr 49be7df1, FCnt 2 to 4, heard by GW_A and GW_B. */
const abpSession = () => [
  abpVectorUplink(2, GW_A, 0),
  abpVectorUplink(2, GW_B, 0.2),
  abpVectorUplink(3, GW_A, 60),
  abpVectorUplink(4, GW_A, 120),
  abpVectorUplink(4, GW_B, 120.1),
];

describe('LAF-006 possible ABP device', () => {
  it('given the real frames of a device that then restarts from 0 with the same DevAddr, then one alert', () => {
    const reset = abpUplink(0, GW_A, HOUR);
    const packets = [...abpSession(), reset, abpUplink(0, GW_B, HOUR + 0.3)];
    const { alerts } = given(packets);

    expect(alerts.map(counterChange)).toEqual([
      { code: 'LAF-006', packetId: reset.id, counter: 4, newCounter: 0, prevPacketId: packets[3].id },
    ]);
    expect(alerts[0]).toMatchObject({
      id: alertId('LAF-006', reset.id),
      createdAt: at(HOUR),
      devAddr: ABP_DEV_ADDR,
      gateway: GW_A,
      prevPacket: packets[3],
      parameters: { packet_id: reset.id, dev_addr: ABP_DEV_ADDR, counter: 4, new_counter: 0 },
    });
  });

  it('given a restart whose first frames were lost, then an alert with the first counter heard', () => {
    const packets = [...abpSession(), abpUplink(2, GW_B, HOUR)];
    expect(given(packets).alerts.map(counterChange)).toEqual([
      { code: 'LAF-006', packetId: packets[5].id, counter: 4, newCounter: 2, prevPacketId: packets[4].id },
    ]);
  });

  it('given an OTAA device that rejoins and restarts at 0, even with the same DevAddr, then no alert', () => {
    const packets = [
      ttnJoinRequest(GW_A, 0),
      ttnJoinAccept(GW_A, 5),
      ttnUplink(0, GW_A, 10),
      ttnUplink(1, GW_A, 70),
      ...ttnRejoin(1234, TTN_DEV_ADDR, GW_A, HOUR),
      ttnUplink(0, GW_A, HOUR + 10),
    ];
    expect(ofCode('LAF-006', given(packets).alerts)).toEqual([]);
  });

  it('given a device whose join was not seen but that moves to a new DevAddr, then no alert', () => {
    const packets = [ttnUplink(300, GW_A, 0), ttnUplink(0, GW_A, HOUR, { devAddr: '26012e99' })];
    expect(given(packets).alerts).toEqual([]);
  });

  it('given an alert, then a join request, then the issue is cleared once', () => {
    const joinRequest = ttnJoinRequest(GW_A, 2 * HOUR);
    const packets = [
      ttnUplink(57, GW_A, 0),
      ttnUplink(0, GW_A, HOUR),
      joinRequest,
      ttnJoinRequest(GW_B, 2 * HOUR + 0.2),
      ttnJoinAccept(GW_A, 2 * HOUR + 5),
    ];
    const { alerts, cleared } = given(packets);

    expect(ofCode('LAF-006', alerts)).toHaveLength(1);
    expect(cleared).toEqual([
      clearance({
        code: 'LAF-006',
        packet: joinRequest,
        asset: deviceAsset(joinRequest, TTN_DEV_ADDR),
        reason: 'device sent a join request',
      }),
    ]);
    expect(cleared[0].asset).toEqual({ type: 'DEVICE', devEui: TTN_DEV_EUI, devAddr: TTN_DEV_ADDR });
  });

  it('given an alert, then a frame with a new DevAddr, then the issue is cleared', () => {
    const moved = ttnUplink(0, GW_A, 2 * HOUR, { devAddr: '26012e99' });
    const { cleared } = given([ttnUplink(57, GW_A, 0), ttnUplink(0, GW_A, HOUR), moved]);
    expect(cleared.map((c) => [c.code, c.packet.id, c.reason])).toEqual([
      ['LAF-006', moved.id, `device moved from DevAddr ${TTN_DEV_ADDR} to 26012e99`],
    ]);
  });

  it('given a join accept that is not attributed to the device, then it is no OTAA evidence', () => {
    const unattributed = { ...ttnJoinAccept(GW_A, 30), devEui: null, devEuiInferred: false };
    const packets = [ttnUplink(57, GW_A, 0), unattributed, ttnUplink(0, GW_A, HOUR)];
    const { alerts, cleared } = given(packets);
    expect(ofCode('LAF-006', alerts)).toHaveLength(1);
    expect(cleared).toEqual([]);
  });

  it('given a join request without an earlier alert, then no clearance', () => {
    expect(given([ttnUplink(5, GW_A, 0), ttnJoinRequest(GW_A, HOUR)]).cleared).toEqual([]);
  });

  it('given a lower counter delivered late but dated before the last one, then no alert', () => {
    const packets = [abpUplink(7, GW_A, 0), abpUplink(9, GW_A, 60), abpUplink(8, GW_A, 30)];
    expect(given(packets).alerts).toEqual([]);
  });

  it('given a restart more than a day after the gateway last heard the device, then no alert', () => {
    expect(given([abpUplink(400, GW_A, 0), abpUplink(0, GW_A, 24 * HOUR + 1)]).alerts).toEqual([]);
    expect(given([abpUplink(400, GW_A, 0), abpUplink(0, GW_A, 24 * HOUR)]).alerts).toHaveLength(1);
  });

  it('given counters going on with lost frames, then no alert', () => {
    const packets = [
      abpUplink(0, GW_A, 0),
      abpUplink(1, GW_A, 60),
      abpUplink(5, GW_A, 300),
      abpUplink(9, GW_B, 540),
    ];
    expect(given(packets).alerts).toEqual([]);
  });
});
