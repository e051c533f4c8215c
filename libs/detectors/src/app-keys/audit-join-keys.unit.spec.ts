import { randomBytes } from 'node:crypto';
import type { AlertDraft } from '@lorawatch/domain/alert';
import type { Packet } from '@lorawatch/domain/packet';
import { buildDataUp, buildJoinAccept, buildJoinRequest } from '@lorawatch/lorawan/build-frames';
import { frameVectors, hex, weakKeyJoinRequests } from '@lorawatch/lorawan/testing/fixtures';
import type { IssueClearance } from '../detector-step';
import { policyEnabling, TTN_DEV_EUI, ttnJoin } from '../testing/fixture-packets';
import { attributedJoinAccept, packetFromPhy, secondsAfter } from '../testing/packet-factory';
import { auditJoinKeys, FULL_SEARCH_INTERVAL_SECONDS, KEY_MODIFIED_REASON } from './audit-join-keys';
import { initialKeyAuditState, type KeyAuditState } from './key-audit-state';

const T0 = '2024-03-01T08:00:00.000Z';
const GW_A = 'aa555a0000000101';
const GW_B = 'aa555a0000000102';
const JOIN_EUI = '70b3d57ed0000001';
const DEV_EUI = '70b3d54990000001';
const WEAK_KEY = JOIN_EUI + DEV_EUI;
const policy = policyEnabling('LAF-008', 'LAF-009');

interface Audit {
  state: KeyAuditState;
  alerts: AlertDraft[];
  cleared: IssueClearance[];
}

/** Runs the audit over packets in order, storing the state as JSON between packets as the runner does. */
function audit(
  packets: readonly Packet[],
  organizationKeys: readonly string[] = [],
  from = initialKeyAuditState(),
): Audit {
  let state = from;
  const alerts: AlertDraft[] = [];
  const cleared: IssueClearance[] = [];
  for (const packet of packets) {
    const step = auditJoinKeys(state, { packet, policy, devAddr: null, organizationKeys });
    state = JSON.parse(JSON.stringify(step.state)) as KeyAuditState;
    alerts.push(...step.alerts);
    cleared.push(...step.cleared);
  }
  return { state, alerts, cleared };
}

function joinRequest(appKey: string, devNonce: number, at: number, gateway = GW_A): Packet {
  const phy = buildJoinRequest({ appKey: hex(appKey), joinEui: JOIN_EUI, devEui: DEV_EUI, devNonce });
  return packetFromPhy(phy, { gateway, date: secondsAfter(T0, at) });
}

function joinAccept(appKey: string, at: number, devAddr = '26011234'): Packet {
  const phy = buildJoinAccept({ appKey: hex(appKey), joinNonce: at, netId: '000013', devAddr });
  return attributedJoinAccept(phy, DEV_EUI, { gateway: GW_A, date: secondsAfter(T0, at + 5) });
}

const codes = (alerts: AlertDraft[]) => alerts.map((alert) => alert.code);
const randomKey = () => randomBytes(16).toString('hex');

describe('LAF-008 / LAF-009 weak AppKey', () => {
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

  it('given a weak key heard by two gateways, then another join request with a new DevNonce: LAF-008 then LAF-009', () => {
    const first = joinRequest(WEAK_KEY, 1, 0);
    const packets = [
      first,
      joinRequest(WEAK_KEY, 1, 0.2, GW_B),
      joinRequest(WEAK_KEY, 1, 20), // the device retries with the same nonce: identical bytes, no new evidence
      joinRequest(WEAK_KEY, 2, 3600),
      joinRequest(WEAK_KEY, 2, 3600.3, GW_B),
      joinRequest(WEAK_KEY, 3, 7200),
    ];
    const { alerts } = audit(packets);
    expect(alerts.map((a) => [a.code, a.packet.id])).toEqual([
      ['LAF-008', first.id],
      ['LAF-009', packets[3].id],
    ]);
    expect(alerts[0].parameters).toMatchObject({
      app_key: WEAK_KEY.toUpperCase(),
      key_source: 'eui-concatenations',
    });
    expect(alerts[1].parameters).toMatchObject({
      app_key: WEAK_KEY.toUpperCase(),
      dev_addr: null,
      packet_id_1: first.id,
      packet_type_1: 'JoinRequest',
      packet_type_2: 'JoinRequest',
    });
    expect(alerts[1].prevPacket).toEqual(first);
  });

  it('given a join accept the recovered key decrypts with a valid MIC, then LAF-009 with the DevAddr inside it', () => {
    const first = joinRequest(WEAK_KEY, 1, 0);
    const accept = joinAccept(WEAK_KEY, 0, '260b3a7e');
    const { alerts, state } = audit([first, accept, joinRequest(WEAK_KEY, 2, 600)]);
    expect(codes(alerts)).toEqual(['LAF-008', 'LAF-009']);
    expect(alerts[1]).toMatchObject({ packet: accept, devAddr: '260b3a7e', devEui: DEV_EUI });
    expect(alerts[1].parameters).toMatchObject({
      app_key: WEAK_KEY.toUpperCase(),
      dev_addr: '260b3a7e',
      packet_id_1: first.id,
      packet_type_1: 'JoinRequest',
      packet_type_2: 'JoinAccept',
    });
    expect(state.recovered?.confirmed).toBe(true);
  });

  it('given a join accept that is not attributed, or does not verify under the key, then no LAF-009', () => {
    const unattributed = { ...joinAccept(WEAK_KEY, 0), devEui: null, devEuiInferred: false };
    const otherKey = joinAccept(randomKey(), 0);
    const { alerts } = audit([joinRequest(WEAK_KEY, 1, 0), unattributed, otherKey]);
    expect(codes(alerts)).toEqual(['LAF-008']);
  });

  it('given the real TTN join (strong key), then nothing; with the key in the organisation list, LAF-008 and LAF-009 by its join accept', () => {
    const { joinRequestPhy, joinAcceptPhy } = ttnJoin();
    const packets = [
      packetFromPhy(joinRequestPhy, { date: T0 }),
      attributedJoinAccept(joinAcceptPhy, TTN_DEV_EUI, { date: secondsAfter(T0, 5) }),
    ];
    expect(audit(packets).alerts).toEqual([]);

    const organizationKeys = [randomKey().toUpperCase(), 'B6B53F4A168A7A88BDF7EA135CE9CFCA'];
    const { alerts } = audit(packets, organizationKeys);
    expect(alerts.map((a) => [a.code, a.parameters.app_key, a.parameters.packet_type_2 ?? null])).toEqual([
      ['LAF-008', 'B6B53F4A168A7A88BDF7EA135CE9CFCA', null],
      ['LAF-009', 'B6B53F4A168A7A88BDF7EA135CE9CFCA', 'JoinAccept'],
    ]);
    expect(alerts[0].parameters.key_source).toBe('organization');
    expect(alerts[1].parameters.dev_addr).toBe('26012e43');
  });

  it('given the lora-packet pair of join requests and their key in the organisation list, then LAF-008 then LAF-009', () => {
    const vectors = frameVectors('vectors-lora-packet.json');
    const pair = ['lp-join-request-a', 'lp-join-request-b'].map((id) => vectors.find((v) => v.id === id));
    const packets = pair.map((vector, n) =>
      packetFromPhy(hex(vector?.phy_hex ?? ''), { date: secondsAfter(T0, n * 60) }),
    );
    expect(audit(packets).alerts).toEqual([]);
    const { alerts } = audit(packets, ['98929b92c49edba9676d646d3b612456']);
    expect(alerts.map((a) => [a.code, a.packet.id])).toEqual([
      ['LAF-008', packets[0].id],
      ['LAF-009', packets[1].id],
    ]);
  });

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

  it('given a confirmed weak key and then a join request under a new random key, then LAF-009 clears', () => {
    const confirmed = audit([joinRequest(WEAK_KEY, 1, 0), joinRequest(WEAK_KEY, 2, 60)]);
    expect(codes(confirmed.alerts)).toEqual(['LAF-008', 'LAF-009']);
    const newKey = randomKey();
    const changed = joinRequest(newKey, 3, 86400 * 3);
    const { alerts, cleared, state } = audit(
      [changed, joinRequest(newKey, 4, 86400 * 3 + 60)],
      [],
      confirmed.state,
    );
    expect(alerts).toEqual([]);
    expect(cleared).toEqual([
      expect.objectContaining({
        code: 'LAF-009',
        reason: KEY_MODIFIED_REASON,
        packet: changed,
        asset: { type: 'DEVICE', devEui: DEV_EUI, devAddr: null },
      }),
    ]);
    expect(state.recovered).toBeNull();
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
