import type { AlertDraft } from '@lorawatch/domain/alert';
import { alertId } from '../alert-draft';
import {
  abpVectorDownlink,
  abpVectorUplink,
  at,
  given,
  GW_A,
  GW_B,
  ofCode,
  ttnDownlink,
} from './testing/session-traffic';

const replays = (alerts: AlertDraft[]) =>
  ofCode('LAF-005', alerts).map((alert) => ({
    packetId: alert.packet.id,
    counter: alert.parameters.counter,
    prev: alert.parameters.prev_packet_id,
    delay: alert.parameters.delay,
  }));

describe('LAF-005 downlink replayed', () => {
  it('given the real downlink sent again an hour later through the same gateway, then an alert', () => {
    const original = abpVectorDownlink(GW_A, 0);
    const replay = abpVectorDownlink(GW_A, 3600);
    const { alerts } = given([original, abpVectorUplink(3, GW_A, 1800), replay]);

    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      id: alertId('LAF-005', replay.id),
      code: 'LAF-005',
      createdAt: at(3600),
      devAddr: '49be7df1',
      packet: replay,
      prevPacket: original,
      parameters: { counter: 2, prev_packet_id: original.id, prev_packet_date: at(0), delay: 3600 },
    });
  });

  it('given the same downlink through another gateway later than the duplicate delay, then an alert', () => {
    const late = abpVectorDownlink(GW_B, 10.5);
    expect(replays(given([abpVectorDownlink(GW_A, 0), late]).alerts)).toEqual([
      { packetId: late.id, counter: 2, prev: abpVectorDownlink(GW_A, 0).id, delay: 10.5 },
    ]);
  });

  it('given the network server retrying RX2 after a refused RX1 through the same gateway, then no alert', () => {
    expect(given([abpVectorDownlink(GW_A, 0), abpVectorDownlink(GW_A, 1)]).alerts).toEqual([]);
  });

  it('given one downlink sent through two gateways, slightly out of order, then no alert', () => {
    expect(given([abpVectorDownlink(GW_A, 0), abpVectorDownlink(GW_B, -0.5)]).alerts).toEqual([]);
  });

  it('given downlinks with increasing counters, one of them confirmed and resent with a new counter, then no alert', () => {
    const packets = [
      ttnDownlink(1, GW_A, 0, { confirmed: true, payload: Buffer.from('open') }),
      ttnDownlink(2, GW_A, 60, { confirmed: true, payload: Buffer.from('open') }),
      ttnDownlink(3, GW_B, 120),
    ];
    expect(given(packets).alerts).toEqual([]);
  });

  it('given a replayed downlink relayed twice, then one alert', () => {
    const packets = [
      abpVectorDownlink(GW_A, 0),
      abpVectorDownlink(GW_A, 600),
      abpVectorDownlink(GW_B, 600.3),
    ];
    expect(replays(given(packets).alerts).map((r) => r.packetId)).toEqual([packets[1].id]);
  });
});
