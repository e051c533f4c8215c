import type { AlertDraft } from '@lorawatch/domain/alert';
import { ALERT_CODES } from '@lorawatch/domain/alert-catalogue';
import { PolicyView, type PolicyItem } from '@lorawatch/domain/policy';
import { frameVectors, hex } from '@lorawatch/lorawan/testing/fixtures';
import { alertId } from '../alert-draft';
import { packetFromPhy } from '../testing/packet-factory';
import { MAX_RETRANSMISSION_GAP_SECONDS, MAX_SENDS_PER_FRAME } from './frame-transmissions';
import {
  abpUplink,
  abpVectorUplink,
  at,
  given,
  GW_A,
  GW_B,
  GW_C,
  ofCode,
  ttnJoinAccept,
  ttnJoinRequest,
  ttnRejoin,
  ttnUplink,
} from './testing/session-traffic';

const replays = (alerts: AlertDraft[]) =>
  ofCode('LAF-004', alerts).map((alert) => ({
    packetId: alert.packet.id,
    counter: alert.parameters.counter,
    prev: alert.parameters.prev_packet_id,
    delay: alert.parameters.delay,
    evidence: alert.parameters.replay_evidence,
  }));

/** The real brocaar/lorawan confirmed uplink (DevAddr 01020304, FCnt 0). */
const confirmedUp = (gateway: string | null, seconds: number) => {
  const vector = frameVectors('vectors-brocaar-lorawan.json').find((v) => v.id === 'bl-confirmed-data-up');
  if (vector === undefined) throw new Error('missing vector bl-confirmed-data-up');
  return packetFromPhy(hex(vector.phy_hex), { gateway, date: at(seconds) });
};

describe('LAF-004 uplink replayed', () => {
  it('given the real FCnt 2 uplink again through its gateway after FCnt 3 and 4, then an alert', () => {
    const original = abpVectorUplink(2, GW_A, 0);
    const replay = abpVectorUplink(2, GW_A, 300);
    const { alerts } = given([original, abpVectorUplink(3, GW_A, 60), abpVectorUplink(4, GW_A, 120), replay]);

    expect(ofCode('LAF-004', alerts)).toHaveLength(1);
    expect(ofCode('LAF-004', alerts)[0]).toMatchObject({
      id: alertId('LAF-004', replay.id),
      code: 'LAF-004',
      createdAt: at(300),
      devAddr: '49be7df1',
      gateway: GW_A,
      packet: replay,
      prevPacket: original,
      parameters: {
        packet_id: replay.id,
        dev_addr: '49be7df1',
        counter: 2,
        prev_packet_id: original.id,
        prev_packet_date: at(0),
        delay: 300,
        replay_evidence: 'newer-frame',
      },
    });
  });

  it('given one uplink heard by three gateways, with slightly out-of-order dates, then no alert', () => {
    const packets = [
      abpVectorUplink(2, GW_A, 0),
      abpVectorUplink(2, GW_B, -0.3),
      abpVectorUplink(2, GW_C, 1.2),
    ];
    expect(given([...packets, abpVectorUplink(3, GW_A, 60), abpVectorUplink(3, GW_B, 60.1)]).alerts).toEqual(
      [],
    );
  });

  it('given a gateway copy delivered after the next frame, but dated with its own send, then no alert', () => {
    const packets = [
      abpVectorUplink(2, GW_A, 0),
      abpVectorUplink(3, GW_A, 60),
      abpVectorUplink(2, GW_B, 0.4),
    ];
    expect(given(packets).alerts).toEqual([]);
  });

  it('given the real confirmed uplink retransmitted unacknowledged, heard by one then two gateways, then no alert', () => {
    const packets = [
      confirmedUp(GW_A, 0),
      confirmedUp(GW_A, 3),
      confirmedUp(GW_B, 3.2),
      // GW_C missed the first sends: its copy of the third is later than the delay after the first, yet legitimate.
      confirmedUp(GW_C, 45),
      confirmedUp(GW_A, 45.1),
    ];
    expect(given(packets).alerts).toEqual([]);
  });

  it('given NbTrans repetitions up to the protocol maximum, then no alert; one send more, then an alert', () => {
    const sends = Array.from({ length: MAX_SENDS_PER_FRAME + 1 }, (_v, i) => abpUplink(7, GW_A, i * 4));
    expect(given(sends.slice(0, MAX_SENDS_PER_FRAME)).alerts).toEqual([]);
    expect(replays(given(sends).alerts)).toEqual([
      {
        packetId: sends[MAX_SENDS_PER_FRAME].id,
        counter: 7,
        prev: sends[0].id,
        delay: MAX_SENDS_PER_FRAME * 4,
        evidence: 'too-many-sends',
      },
    ]);
  });

  it('given the last frame of a silent device repeated later than any retransmission, then an alert', () => {
    const original = abpUplink(40, GW_A, 0);
    const late = abpUplink(40, GW_B, MAX_RETRANSMISSION_GAP_SECONDS + 1);
    expect(replays(given([original, late]).alerts)).toEqual([
      {
        packetId: late.id,
        counter: 40,
        prev: original.id,
        delay: MAX_RETRANSMISSION_GAP_SECONDS + 1,
        evidence: 'late',
      },
    ]);
  });

  it('given a replay relayed by three gateways, then one alert for the replayed send', () => {
    const replay = abpVectorUplink(2, GW_B, 3600);
    const packets = [
      abpVectorUplink(2, GW_A, 0),
      abpVectorUplink(3, GW_A, 60),
      replay,
      abpVectorUplink(2, GW_A, 3600.2),
      abpVectorUplink(2, GW_C, 3599.9),
    ];
    expect(replays(given(packets).alerts).map((r) => r.packetId)).toEqual([replay.id]);
  });

  it('given two replays of one frame, then each points at the send before it', () => {
    const original = abpUplink(40, GW_A, 0);
    const first = abpUplink(40, GW_A, 3600);
    const second = abpUplink(40, GW_A, 7200);
    expect(replays(given([original, first, second]).alerts).map((r) => [r.packetId, r.prev])).toEqual([
      [first.id, original.id],
      [second.id, first.id],
    ]);
  });

  it('given a frame of the ended session repeated after a rejoin, then an alert', () => {
    const old = ttnUplink(500, GW_A, 0);
    const packets = [
      ttnJoinRequest(GW_A, -100),
      ttnJoinAccept(GW_A, -95),
      old,
      ...ttnRejoin(4242, '26012e99', GW_A, 100),
      ttnUplink(0, GW_A, 110, { devAddr: '26012e99' }),
      ttnUplink(500, GW_A, 130),
    ];
    expect(replays(given(packets).alerts)).toEqual([
      { packetId: packets[6].id, counter: 500, prev: old.id, delay: 130, evidence: 'newer-frame' },
    ]);
  });

  it('given frames with lost counters in between and no repeat, then no alert', () => {
    const packets = [abpUplink(10, GW_A, 0), abpUplink(14, GW_A, 60), abpUplink(30, GW_B, 120)];
    expect(given(packets).alerts).toEqual([]);
  });

  it('given the same network message delivered twice, then nothing changes', () => {
    const packet = abpVectorUplink(2, GW_A, 0);
    const once = given([packet]);
    expect(given([packet, { ...packet }])).toEqual(once);
  });

  it('given a copy without a gateway id within the delay, then no alert', () => {
    expect(given([abpVectorUplink(2, GW_A, 0), abpVectorUplink(2, null, 2)]).alerts).toEqual([]);
  });

  it("honours LAF-003's max_duplicate_delay for copies from other gateways", () => {
    // GW_B's copy is dated 20 s after GW_A's, and the device sent FCnt 3 in between.
    const packets = [abpVectorUplink(2, GW_A, 0), abpVectorUplink(3, GW_A, 5), abpVectorUplink(2, GW_B, 20)];
    const patient = new PolicyView(
      ALERT_CODES.map((code): PolicyItem => ({
        alertTypeCode: code,
        enabled: true,
        parameters: code === 'LAF-003' ? { max_duplicate_delay: 60 } : {},
      })),
    );
    expect(given(packets, patient).alerts).toEqual([]);
    expect(replays(given(packets).alerts).map((r) => r.evidence)).toEqual(['newer-frame']);
  });
});
