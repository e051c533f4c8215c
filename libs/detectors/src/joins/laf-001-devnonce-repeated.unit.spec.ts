import type { AlertDraft } from '@lorawatch/domain/alert';
import type { Packet } from '@lorawatch/domain/packet';
import { PolicyView } from '@lorawatch/domain/policy';
import { buildJoinAccept, buildJoinRequest } from '@lorawatch/lorawan/build-frames';
import { alertId } from '../alert-draft';
import { MAX_DEV_NONCE_USES } from './laf-001-devnonce-repeated';
import { runDetection } from '../testing/detection-harness';
import { policyEnabling, TTN_DEV_EUI, ttnJoin } from '../testing/fixture-packets';
import { attributedJoinAccept, packetFromPhy, secondsAfter } from '../testing/packet-factory';

const T0 = '2024-03-01T08:00:00.000Z';
const GW_A = 'aa555a0000000101';
const GW_B = 'aa555a0000000102';
const GW_C = 'aa555a0000000103';
const only001 = policyEnabling('LAF-001');

const APP_KEY = Buffer.from('2b7e151628aed2a6abf7158809cf4f3c', 'hex');
const DEV_EUI = '70b3d54990000001';
const JOIN_EUI = '70b3d57ed0000001';

function joinRequest(devNonce: number, gateway: string, at: number, appKey = APP_KEY): Packet {
  const phy = buildJoinRequest({ appKey, joinEui: JOIN_EUI, devEui: DEV_EUI, devNonce });
  return packetFromPhy(phy, { gateway, date: secondsAfter(T0, at) });
}

function joinAccept(at: number, devEui = DEV_EUI): Packet {
  const phy = buildJoinAccept({ appKey: APP_KEY, joinNonce: at, netId: '000013', devAddr: '26012e43' });
  return attributedJoinAccept(phy, devEui, { gateway: GW_A, date: secondsAfter(T0, at + 5) });
}

const summary = (alert: AlertDraft) => ({ code: alert.code, packetId: alert.packet.id, ...alert.parameters });

describe('LAF-001 DevNonce repeated after a join', () => {
  it('given the real TTN join heard by three gateways, then a replay an hour later: one alert', () => {
    const { joinRequestPhy, joinAcceptPhy } = ttnJoin();
    const original = packetFromPhy(joinRequestPhy, { gateway: GW_A, date: T0 });
    const packets = [
      original,
      packetFromPhy(joinRequestPhy, { gateway: GW_B, date: secondsAfter(T0, 0.3) }),
      attributedJoinAccept(joinAcceptPhy, TTN_DEV_EUI, { gateway: GW_A, date: secondsAfter(T0, 5) }),
      // A slow backhaul delivers a third copy after the join accept: still the same transmission.
      packetFromPhy(joinRequestPhy, { gateway: GW_C, date: secondsAfter(T0, 6) }),
      packetFromPhy(joinRequestPhy, { gateway: GW_B, date: secondsAfter(T0, 3600) }),
    ];

    const { alerts } = runDetection(packets, only001);

    expect(alerts.map(summary)).toEqual([
      {
        code: 'LAF-001',
        packetId: packets[4].id,
        packet_id: packets[4].id,
        packet_date: secondsAfter(T0, 3600),
        dev_eui: TTN_DEV_EUI,
        dev_addr: null,
        gateway: GW_B,
        join_eui: '70b3d57ed00000dc',
        dev_nonce: 52357,
        prev_packet_id: original.id,
      },
    ]);
    expect(alerts[0]).toMatchObject({
      id: alertId('LAF-001', packets[4].id),
      createdAt: secondsAfter(T0, 3600),
      devEui: TTN_DEV_EUI,
      prevPacket: original,
    });
  });

  it('given only gateway copies of one transmission around the join accept, then no alert', () => {
    const packets = [joinRequest(100, GW_A, 0), joinAccept(0), joinRequest(100, GW_B, 9.5)];
    expect(runDetection(packets, only001).alerts).toEqual([]);
  });

  it('given a repeated DevNonce before any join accept, then no alert', () => {
    const packets = [joinRequest(100, GW_A, 0), joinRequest(100, GW_A, 60), joinRequest(100, GW_A, 120)];
    expect(runDetection(packets, only001).alerts).toEqual([]);
  });

  it('given a join accept that is not attributed to the device, then no alert', () => {
    const unattributed: Packet = { ...joinAccept(0), devEui: null, devEuiInferred: false };
    expect(
      runDetection([joinRequest(100, GW_A, 0), unattributed, joinRequest(100, GW_A, 600)], only001).alerts,
    ).toEqual([]);
  });

  it('given a fresh DevNonce after the join, then the joined state is cleared', () => {
    const packets = [
      joinRequest(100, GW_A, 0),
      joinAccept(0),
      joinRequest(200, GW_A, 600), // fresh: the device is rejoining, not joined any more
      joinRequest(100, GW_A, 700), // reused, but no join accept since the fresh request
    ];
    expect(runDetection(packets, only001).alerts).toEqual([]);

    const rejoined = [...packets, joinAccept(700), joinRequest(100, GW_A, 800)];
    expect(runDetection(rejoined, only001).alerts.map(summary)).toEqual([
      expect.objectContaining({ code: 'LAF-001', dev_nonce: 100, prev_packet_id: packets[3].id }),
    ]);
  });

  it('given counter DevNonces of a LoRaWAN 1.0.4 device joining again and again, then no alert', () => {
    const packets = Array.from({ length: 20 }, (_, n) => [
      joinRequest(n, GW_A, n * 3600),
      joinAccept(n * 3600),
    ]).flat();
    expect(runDetection(packets, only001).alerts).toEqual([]);
  });

  it('given the same DevNonce under another key (different bytes) after a join, then an alert', () => {
    const otherKey = Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex');
    const packets = [joinRequest(100, GW_A, 0), joinAccept(0), joinRequest(100, GW_A, 30, otherKey)];
    expect(runDetection(packets, only001).alerts.map((a) => a.code)).toEqual(['LAF-001']);
  });

  it('given each replayed transmission after a join, then one alert per transmission', () => {
    const packets = [
      joinRequest(100, GW_A, 0),
      joinAccept(0),
      joinRequest(100, GW_A, 100),
      joinRequest(100, GW_B, 100.2),
      joinRequest(100, GW_A, 200),
    ];
    const alerts = runDetection(packets, only001).alerts;
    expect(alerts.map((a) => [a.packet.id, a.parameters.prev_packet_id])).toEqual([
      [packets[2].id, packets[0].id],
      [packets[4].id, packets[2].id],
    ]);
  });

  it('forgets the oldest DevNonces beyond its bound', () => {
    const packets = [
      joinRequest(0, GW_A, 0),
      ...Array.from({ length: MAX_DEV_NONCE_USES }, (_, n) => joinRequest(n + 1, GW_A, 60 * (n + 1))),
    ];
    const { store } = runDetection([...packets, joinAccept(100000)], only001);
    const device = Object.values(store.devices)[0];
    expect(device.devNonces.uses).toHaveLength(MAX_DEV_NONCE_USES);
    expect(device.devNonces.uses.some((use) => use.devNonce === 0)).toBe(false);
    // Nonce 0 fell out of the history, so its reuse now reads as fresh.
    expect(runDetection([joinRequest(0, GW_A, 100010)], only001, store).alerts).toEqual([]);
  });

  it('given LAF-001 disabled in the policy, then no alert', () => {
    const packets = [joinRequest(100, GW_A, 0), joinAccept(0), joinRequest(100, GW_A, 600)];
    const disabled = new PolicyView([{ alertTypeCode: 'LAF-001', enabled: false, parameters: {} }]);
    expect(runDetection(packets, disabled).alerts.map((a) => a.code)).not.toContain('LAF-001');
    expect(runDetection(packets, only001).alerts.map((a) => a.code)).toEqual(['LAF-001']);
  });
});
