import { buildDataUp } from '@lorawatch/lorawan/build-frames';
import { hex, weakKeyJoinRequests } from '@lorawatch/lorawan/testing/fixtures';
import { packetFromPhy } from '../testing/packet-factory';
import { initialKeyAuditState } from './key-audit-state';
import { FULL_SEARCH_INTERVAL_SECONDS } from './laf-008-app-key-recovered';
import { audit, GW_B, joinRequest, randomKey, T0, WEAK_KEY } from './testing/key-audit-traffic';

describe('LAF-008 AppKey recovered from a join request', () => {
  it.each(weakKeyJoinRequests().map((c) => [c.id, c] as const))(
    'given the published join request "%s", then LAF-008 with its key',
    (_id, fixture) => {
      const packet = packetFromPhy(hex(fixture.phy_hex), { date: T0 });
      const { alerts, state } = audit([packet]);
      expect(alerts.map((a) => ({ code: a.code, ...a.parameters }))).toEqual([
        expect.objectContaining({
          code: 'LAF-008',
          packet_id: packet.id,
          dev_eui: fixture.expected.DevEUI,
          app_key: fixture.AppKey_found.toUpperCase(),
        }),
      ]);
      expect(state.recovered).toMatchObject({ appKey: fixture.AppKey_found.toUpperCase(), confirmed: false });
    },
  );

  it('given a device with a random key joining for days, then never an alert, and one full search a day', () => {
    const key = randomKey();
    const packets = Array.from({ length: 8 }, (_, n) => joinRequest(key, n, n * 6 * 3600));
    let state = initialKeyAuditState();
    const searches: string[] = [];
    for (const packet of packets) {
      const run = audit([packet], [], state);
      expect(run.alerts).toEqual([]);
      if (run.state.lastFullSearch?.packetId !== state.lastFullSearch?.packetId) searches.push(packet.id);
      state = run.state;
    }
    // Join requests at 0, 6, …, 42 h: searches at 0, 24 h.
    expect(searches).toEqual([packets[0].id, packets[4].id]);
    expect(FULL_SEARCH_INTERVAL_SECONDS).toBe(86400);
    expect(JSON.stringify(state).length).toBeLessThan(400);
  });

  it('given an organisation key added after the device was searched, then the next join request finds it the same day', () => {
    const key = randomKey().toUpperCase();
    const before = audit([joinRequest(key, 1, 0)], []);
    expect(before.alerts).toEqual([]);
    const after = audit([joinRequest(key, 2, 60)], [key], before.state);
    expect(after.alerts.map((a) => [a.code, a.parameters.key_source])).toEqual([['LAF-008', 'organization']]);
    // The same list again costs nothing more: no repeated alert.
    expect(audit([joinRequest(key, 2, 60.5, GW_B)], [key.toLowerCase()], after.state).alerts).toEqual([]);
  });

  it('given a key only recovered (LAF-008) that then stops matching, then no clearance; a new weak key is found at once', () => {
    const recovered = audit([joinRequest(WEAK_KEY, 1, 0)]);
    const next = audit([joinRequest('01'.repeat(16), 2, 60)], [], recovered.state);
    expect(next.cleared).toEqual([]);
    expect(next.alerts.map((a) => [a.code, a.parameters.app_key])).toEqual([['LAF-008', '01'.repeat(16)]]);
  });

  it('given data frames, join requests without frames of the right size, or no DevEUI, then nothing changes', () => {
    const data = packetFromPhy(
      buildDataUp({
        nwkSKey: hex('01'.repeat(16)),
        appSKey: hex('01'.repeat(16)),
        devAddr: '26011234',
        fCnt: 1,
        fPort: 1,
        payload: Buffer.from([1]),
      }),
      { date: T0 },
    );
    const truncated = { ...joinRequest(WEAK_KEY, 1, 0), data: Buffer.alloc(22).toString('base64') };
    const anonymous = { ...joinRequest(WEAK_KEY, 1, 0), devEui: null };
    const initial = initialKeyAuditState();
    expect(audit([data, truncated, anonymous])).toEqual({ state: initial, alerts: [], cleared: [] });
  });
});
