import { alertId } from '../alert-draft';
import {
  ABP_DEV_ADDR,
  abpUplink,
  at,
  counterChange,
  given,
  GW_A,
  GW_B,
  GW_C,
  ofCode,
  TTN_DEV_ADDR,
  ttnRejoin,
  ttnUplink,
} from './testing/session-traffic';

/** A device counting 100 to 102 through GW_A, one frame a minute. */
const session = () => [abpUplink(100, GW_A, 0), abpUplink(101, GW_A, 60), abpUplink(102, GW_A, 120)];

describe('LAF-007 duplicated sessions', () => {
  it('given a second transmitter using the session with an older counter, heard by three gateways, then one alert', () => {
    const clone = abpUplink(50, GW_A, 150, { payload: Buffer.from('clone') });
    const packets = [
      ...session(),
      // GW_B hears the session too, so its copy of the clone's frame also breaks the rule: still one alert.
      abpUplink(102, GW_B, 120.2),
      clone,
      abpUplink(50, GW_B, 150.1, { payload: Buffer.from('clone') }),
      abpUplink(50, GW_C, 149.8, { payload: Buffer.from('clone') }),
    ];
    const { alerts } = given(packets);

    expect(alerts.map(counterChange)).toEqual([
      { code: 'LAF-007', packetId: clone.id, counter: 102, newCounter: 50, prevPacketId: packets[2].id },
    ]);
    expect(alerts[0]).toMatchObject({
      id: alertId('LAF-007', clone.id),
      createdAt: at(150),
      devAddr: ABP_DEV_ADDR,
      prevPacket: packets[2],
      parameters: { dev_addr: ABP_DEV_ADDR, counter: 102, new_counter: 50, prev_packet_id: packets[2].id },
    });
  });

  it('given the same counter with other content more than 30 s later, then an alert; within 30 s, none', () => {
    const later = abpUplink(102, GW_A, 151, { payload: Buffer.from('other') });
    expect(given([...session(), later]).alerts.map(counterChange)).toEqual([
      { code: 'LAF-007', packetId: later.id, counter: 102, newCounter: 102, prevPacketId: session()[2].id },
    ]);
    // LoRaWAN 1.1 retransmissions change the MIC with the channel.
    expect(
      given([...session(), abpUplink(102, GW_A, 140, { payload: Buffer.from('other') })]).alerts,
    ).toEqual([]);
  });

  it('given a resend of a frame arriving after the next frame, through the same gateway, then no LAF-007', () => {
    // The device sent 102, then 103, and a resend of 102 crossed 103 on the way (or a slow backhaul delayed it).
    const packets = [...session(), abpUplink(103, GW_A, 121), abpUplink(102, GW_A, 122)];
    expect(given(packets).alerts).toEqual([]);
  });

  it('given a retransmission of the same frame more than 30 s later, then no LAF-007', () => {
    expect(given([...session(), abpUplink(102, GW_A, 170)]).alerts).toEqual([]);
  });

  it('given a replay of an old frame, then LAF-004 only: a known frame is not a second session', () => {
    const packets = [...session(), abpUplink(100, GW_A, 3600)];
    expect(given(packets).alerts.map((alert) => alert.code)).toEqual(['LAF-004']);
  });

  it('given the 16-bit counter wrapping, then no alert', () => {
    const packets = [
      abpUplink(65533, GW_A, 0),
      abpUplink(65535, GW_A, 60),
      abpUplink(65536 + 12, GW_A, 120),
      abpUplink(65536 + 13, GW_B, 180),
    ];
    expect(ofCode('LAF-007', given(packets).alerts)).toEqual([]);
  });

  it('given a counter that drops to a low value (a restart), then no LAF-007', () => {
    expect(ofCode('LAF-007', given([...session(), abpUplink(8, GW_A, 600)]).alerts)).toEqual([]);
    expect(ofCode('LAF-007', given([...session(), abpUplink(9, GW_A, 600)]).alerts)).toHaveLength(1);
  });

  it('given lost packets, then no alert', () => {
    expect(given([...session(), abpUplink(160, GW_A, 600), abpUplink(161, GW_B, 660)]).alerts).toEqual([]);
  });

  it('given a gateway delivering an older frame late, dated before its latest one, then no alert', () => {
    const packets = [abpUplink(100, GW_A, 0), abpUplink(102, GW_A, 120), abpUplink(101, GW_A, 60)];
    expect(given(packets).alerts).toEqual([]);
  });

  it('given copies from two gateways arriving in different orders, then no alert', () => {
    const packets = [
      abpUplink(100, GW_A, 0),
      abpUplink(101, GW_A, 60),
      abpUplink(101, GW_B, 60.2),
      abpUplink(100, GW_B, 0.3),
    ];
    expect(given(packets).alerts).toEqual([]);
  });

  it('given a TTN v2 data source, then no alert', () => {
    const ttnV2 = [...session(), abpUplink(50, GW_A, 150)].map((p) => ({
      ...p,
      source: 'ttn_collector' as const,
    }));
    expect(given(ttnV2).alerts).toEqual([]);
  });

  it('given a rejoin that keeps the DevAddr and whose first frames were lost, then no alert', () => {
    const packets = [
      ttnUplink(5000, GW_A, 0),
      ...ttnRejoin(777, TTN_DEV_ADDR, GW_A, 600),
      ttnUplink(12, GW_A, 700),
    ];
    expect(given(packets).alerts).toEqual([]);
  });

  it('given a lower counter more than a day after the gateway last heard the session, then no alert', () => {
    expect(given([...session(), abpUplink(50, GW_A, 120 + 86401)]).alerts).toEqual([]);
  });
});
