import type { AlertDraft } from '@lorawatch/domain/alert';
import type { Packet } from '@lorawatch/domain/packet';
import { defaultPolicyItems, PolicyView } from '@lorawatch/domain/policy';
import { detectOnTick, foldGatewayPackets, inEventTimeOrder } from './detect';
import { abpUplink, GW_A, ttnUplink } from './sessions/testing/session-traffic';
import { runDetection } from './testing/detection-harness';
import { seeded, shuffled } from './testing/seeded-shuffle';

const policy = new PolicyView(defaultPolicyItems());
const HOME = { latitude: 52.3676, longitude: 4.9041 };
/** About 111 m north. */
const NORTH = { latitude: HOME.latitude + 0.001, longitude: HOME.longitude };

/**
 * One gateway relaying two devices (two packet-log partitions in the runner): the TTN session for an hour at the
 * gateway's first position, then the ABP session for an hour from 111 m north, every 5 min.
 */
function relayed(): Packet[] {
  const packets: Packet[] = [];
  for (let i = 0; i < 12; i++) packets.push({ ...ttnUplink(100 + i, GW_A, i * 300), ...HOME });
  for (let i = 0; i < 12; i++) packets.push({ ...abpUplink(10 + i, GW_A, 3600 + i * 300), ...NORTH });
  return packets;
}

const gatewayAlerts = (alerts: AlertDraft[]) =>
  alerts.filter((alert) => ['LAF-402', 'LAF-403', 'LAF-010'].includes(alert.code));

describe('gateway fold in event-time order', () => {
  it('given the packets in date order, then the alerts and state of the saga run packet by packet', () => {
    const packets = relayed();
    const straight = runDetection(packets, policy);
    const fold = foldGatewayPackets({ packets, policy });
    expect(fold.alerts).toStrictEqual(gatewayAlerts(straight.alerts));
    expect(fold.gateway).toStrictEqual(straight.store.gateways[`1:${GW_A}`]);
    expect(fold.alerts.map((alert) => [alert.code, alert.packet?.id])).toEqual([
      ['LAF-402', packets[0].id],
      ['LAF-010', packets[12].id],
    ]);
  });

  it('given the same packets in any order, or split over several folds in date order, then the same result', () => {
    const packets = relayed();
    const expected = foldGatewayPackets({ packets, policy });
    const random = seeded(15);
    for (let run = 0; run < 8; run++) {
      expect(foldGatewayPackets({ packets: shuffled(packets, random), policy })).toStrictEqual(expected);
    }
    // Two folds, the first up to a bound in event time: what a tick and the next one do.
    const sorted = [...packets].sort(inEventTimeOrder);
    const head = foldGatewayPackets({ packets: shuffled(sorted.slice(0, 15), random), policy });
    const tail = foldGatewayPackets({
      gateway: JSON.parse(JSON.stringify(head.gateway)) as typeof head.gateway,
      packets: shuffled(sorted.slice(15), random),
      policy,
    });
    expect([...head.alerts, ...tail.alerts]).toStrictEqual(expected.alerts);
    expect(tail.gateway).toStrictEqual(expected.gateway);
  });

  it("given the newer device's frames first, packet by packet, then the move is missed: why the runner folds", () => {
    const packets = relayed();
    const arrival = [...packets.slice(12), ...packets.slice(0, 12)];
    const byArrival = gatewayAlerts(runDetection(arrival, policy).alerts);
    expect(byArrival.map((alert) => alert.code)).toEqual(['LAF-402']);
    expect(byArrival[0].packet?.id).toBe(packets[12].id);
    expect(foldGatewayPackets({ packets: arrival, policy }).alerts.map((alert) => alert.code)).toEqual([
      'LAF-402',
      'LAF-010',
    ]);
  });

  it('orders packets of one date by id, so ties fold the same way', () => {
    const [a, b] = relayed();
    const twin = { ...b, date: a.date };
    const order = [a, twin].sort(inEventTimeOrder).map((packet) => packet.id);
    expect([twin, a].sort(inEventTimeOrder).map((packet) => packet.id)).toEqual(order);
    expect(order).toEqual([a.id, twin.id].sort());
  });

  it("gives the gateway alerts the packet's own device fields, and names from the packet", () => {
    const [first] = relayed();
    const named = { ...first, gatewayName: 'gw-canal', deviceName: 'meter-12' };
    const { alerts } = foldGatewayPackets({ packets: [named], policy });
    expect(alerts[0]).toMatchObject({
      code: 'LAF-402',
      devEui: named.devEui,
      devAddr: named.devAddr,
      parameters: { gw_name: 'gw-canal', dev_name: 'meter-12' },
    });
  });

  it('folds nothing from nothing', () => {
    expect(foldGatewayPackets({ packets: [], policy })).toStrictEqual({
      gateway: undefined,
      alerts: [],
      cleared: [],
    });
  });

  it('clears a silent gateway with the earliest packet folded after the silence', () => {
    const packets = relayed();
    const before = foldGatewayPackets({ packets: packets.slice(0, 12), policy });
    const silent = detectOnTick({
      gateway: before.gateway,
      at: '2024-03-01T12:00:00.000Z',
      policy,
      policyName: 'Default',
      dataSourceConnected: true,
    });
    expect(silent.alerts.map((alert) => alert.code)).toEqual(['LAF-403']);
    const later = shuffled(packets.slice(12), seeded(3));
    const back = foldGatewayPackets({ gateway: silent.gateway, packets: later, policy });
    expect(back.cleared.map((cleared) => [cleared.code, cleared.packet.id])).toEqual([
      ['LAF-403', packets[12].id],
    ]);
  });
});
