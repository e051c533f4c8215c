import { GW_A, GW_B, GW_C, heardBy, policyWith, runDevice, uplink } from './testing/statistics-traffic';

const atMostTwo = policyWith({ 'LAF-103': { max_retransmissions: 2 } });

/** A confirmed frame sent `times` times, 3 s apart, each sending heard by the given gateways. */
function resent(fCnt: number, at: number, times: number, gateways = [GW_A]) {
  return Array.from({ length: times }, (_unused, i) => heardBy(fCnt, at + i * 3, gateways)).flat();
}

describe('LAF-103 too many retransmissions', () => {
  it('given more retransmissions in the window than allowed, then an alert with the window sum', () => {
    const packets = [...resent(1, 0, 2), ...resent(2, 60, 3)];
    const { alerts } = runDevice(packets, atMostTwo);
    expect(alerts.map((alert) => [alert.code, alert.packet.id, alert.parameters.retransmissions])).toEqual([
      ['LAF-103', packets[4].id, 3],
    ]);
  });

  it('given retransmissions heard by several gateways, then each sending counts once', () => {
    const packets = [...resent(1, 0, 2, [GW_A, GW_B, GW_C]), ...resent(2, 60, 2, [GW_A, GW_B, GW_C])];
    const { alerts, state } = runDevice(packets, atMostTwo);
    expect(state.totals.RETRANSMISSIONS).toBe(2);
    expect(alerts).toEqual([]);
  });

  it('given every frame heard by several gateways once, then no retransmission at all', () => {
    const zero = policyWith({ 'LAF-103': { max_retransmissions: 0 } });
    const packets = [1, 2, 3].flatMap((fCnt) => heardBy(fCnt, fCnt * 60, [GW_A, GW_B, GW_C]));
    expect(runDevice(packets, zero).alerts).toEqual([]);
  });

  it('given retransmissions more than 24 hours apart, then the old ones no longer count', () => {
    const packets = [...resent(1, 0, 3), uplink(2, { at: 1800 }), ...resent(3, 25 * 3600, 2)];
    const { alerts, state } = runDevice(packets, atMostTwo);
    expect(state.totals.RETRANSMISSIONS).toBe(3);
    expect(alerts).toEqual([]);
  });
});
