import { frameVectors, hex } from '@lorawatch/lorawan/testing/fixtures';
import { TTN_DEV_EUI, ttnJoin } from '../testing/fixture-packets';
import { attributedJoinAccept, packetFromPhy, secondsAfter } from '../testing/packet-factory';
import { KEY_MODIFIED_REASON } from './laf-009-app-key-guessed';
import {
  audit,
  codes,
  DEV_EUI,
  GW_B,
  joinAccept,
  joinRequest,
  randomKey,
  T0,
  WEAK_KEY,
} from './testing/key-audit-traffic';

describe('LAF-009 device AppKey guessed', () => {
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
});
